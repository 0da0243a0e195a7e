import type { ComponentType } from 'react';
import { createKeptMap, type KeptMap } from '../../src/cache/kept-map';

/** Renders a component with its props to HTML (react-dom/server's renderToString). */
export type RenderComponent = <Props extends object>(component: ComponentType<Props>, props: Props) => string;

/**
 * How the server renders, once entry-server has said so. Nothing in the browser calls this module,
 * so the browser's bundles leave it out entirely.
 */
let renderToHtml: RenderComponent | undefined;

/** How many renders of each component are kept: a few pages of cards, about 1.3 KB each. */
const MAX_KEPT = 2000;

let kept = new WeakMap<ComponentType<never>, KeptMap<string, string>>();

/**
 * Lets keptContent render on the server (views/entry-server.tsx): in the browser bundle nothing
 * calls it, so react-dom/server never reaches it. It starts with nothing kept; `undefined` turns it
 * off again (tests).
 */
export function keepMarkupWith(render: RenderComponent | undefined): void {
  renderToHtml = render;
  kept = new WeakMap();
}

/**
 * The HTML inside the root element (`root`, with attributes) of what `component` renders with `props`, for a component that
 * renders the same HTML whenever its props are equal (it reads no context, no state, no clock: an
 * inventory card). Rendered once for equal props while among the 2,000 kept, so that a page
 * of 24 cards costs 24 lookups instead of 24 renders; undefined until keepMarkupWith has given a
 * renderer. The caller writes the root element itself with this as its content, and in the browser
 * the component renders and hydrates against it, which is what it renders. The props are the key
 * (as JSON): a changed price is another key, so nothing kept is ever out of date. Whether a card
 * was kept says only that some page showed that vehicle lately, which every inventory page does.
 */
export function keptContent<Props extends object>(component: ComponentType<Props>, props: Props, root: string): string | undefined {
  if (renderToHtml === undefined) return undefined;
  let renders = kept.get(component as ComponentType<never>);
  if (!renders) kept.set(component as ComponentType<never>, (renders = createKeptMap(MAX_KEPT)));
  const key = `${root}\n${JSON.stringify(props)}`;
  const found = renders.get(key);
  if (found !== undefined) return found;
  const html = renderToHtml(component, props);
  // `<article class="…">…</article>`: what lies between the root's start and end tags. Anything
  // else (React writing a preload link before an eager image) is rendered in place, never kept.
  if (!/^[ >]$/.test(html.charAt(root.length + 1)) || !html.startsWith(`<${root}`) || !html.endsWith(`</${root}>`)) return undefined;
  const content = html.slice(html.indexOf('>') + 1, -`</${root}>`.length);
  renders.set(key, content);
  return content;
}
