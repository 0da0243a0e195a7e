import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { keepMarkupWith, keptContent, type RenderComponent } from './kept-markup';
import { CatalogVehicleCard } from './vehicle-card';

const vehicle = {
  id: '3af576dc-f28c-435b-8006-405081a2fb0e',
  slug: 'denago-ev-nomad-xl',
  name: 'DENAGO EV Nomad XL',
  description: 'The DENAGO EV Nomad XL seats six. Its lithium-ion battery delivers 45-55 miles per charge at up to 25 mph and recharges in 6-8 hours.',
  price: 15995,
  images: ['/images/vehicles/denago-ev-nomad-xl.svg'],
  isNew: true,
};
const used = {
  ...vehicle,
  id: 'b2c1d7e0-0000-4000-8000-000000000001',
  slug: 'club-car-onward-2021-sc1042',
  name: '2021 Club Car Onward',
  price: 8995,
  isNew: false,
  photo: { src: '/photos/sc1042/1-480.webp', srcSet: '/photos/sc1042/1-480.webp 480w, /photos/sc1042/1-960.webp 960w' },
};

const grid = (cards: Array<typeof vehicle>) =>
  renderToString(
    <ul>
      {cards.map((card) => (
        <li key={card.id}>
          <CatalogVehicleCard vehicle={card} eyebrow="DENAGO" badge={card.isNew ? undefined : { label: 'used', tone: 'brand' }} />
        </li>
      ))}
    </ul>,
  );

const renderComponent: RenderComponent = (component, props) => renderToString(createElement(component, props));

describe('a catalog card on the server', () => {
  afterEach(() => keepMarkupWith(undefined));

  it('is written exactly as the card renders in its place, kept or not', () => {
    const inline = grid([vehicle, used]);
    expect(inline).toContain('<li><article class="group relative');
    expect(inline).toContain('srcSet="/photos/sc1042/1-480.webp 480w');
    keepMarkupWith(renderComponent);
    expect(grid([vehicle, used])).toBe(inline);
    expect(grid([vehicle, used])).toBe(inline);
  });

  it('is rendered once for equal props, again for changed ones: a new price is never shown as the old', () => {
    const rendered: object[] = [];
    keepMarkupWith((component, props) => {
      rendered.push(props);
      return renderComponent(component, props);
    });
    grid([vehicle]);
    grid([{ ...vehicle }]);
    expect(rendered).toHaveLength(1);
    const repriced = grid([{ ...vehicle, price: 14995 }]);
    expect(rendered).toHaveLength(2);
    expect(repriced).toContain('$14,995');
    expect(repriced).not.toContain('$15,995');
  });

  it('is kept among at most 2,000, the oldest not asked for again going first', () => {
    let renders = 0;
    keepMarkupWith((component, props) => {
      renders += 1;
      return renderComponent(component, props);
    });
    const numbered = (n: number) => ({ ...vehicle, id: `unit-${n}`, price: 10_000 + n });
    grid([numbered(0)]);
    for (let n = 1; n <= 2000; n += 1) grid([numbered(n)]);
    expect(renders).toBe(2001);
    // The first went out to make room for the 2,001st.
    grid([numbered(0)]);
    expect(renders).toBe(2002);
    grid([numbered(2000)]);
    expect(renders).toBe(2002);
    // Asked for again, the oldest kept (2) is passed over once: the next to go is 3.
    grid([numbered(2)]);
    grid([numbered(2001)]);
    expect(renders).toBe(2003);
    grid([numbered(2)]);
    expect(renders).toBe(2003);
    grid([numbered(3)]);
    expect(renders).toBe(2004);
  });

  it('is rendered in place, not kept, when its HTML is not one element of the expected kind', () => {
    keepMarkupWith(renderComponent);
    const Preloaded = ({ src }: { src: string }) => (
      <>
        <link rel="preload" as="image" href={src} />
        <article className="card">{src}</article>
      </>
    );
    const Bare = ({ text }: { text: string }) => <article>{text}</article>;
    expect(keptContent(Preloaded, { src: '/a.webp' }, 'article')).toBeUndefined();
    expect(keptContent(Bare, { text: 'plain' }, 'article')).toBe('plain');
    expect(keptContent(Bare, { text: 'plain' }, 'footer')).toBeUndefined();
    expect(keptContent(Bare, { text: 'plain' }, 'art')).toBeUndefined();
  });
});
