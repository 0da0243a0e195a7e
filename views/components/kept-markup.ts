import type { ComponentType } from 'react';

/** Renders a component with its props to HTML (react-dom/server's renderToString). */
export type RenderComponent = <Props extends object>(component: ComponentType<Props>, props: Props) => string;

/**
 * How the server renders, once entry-server has said so. This module imports nothing at run time,
 * so that the browser's bundles, where nothing calls it, leave it out entirely.
 */
let renderToHtml: RenderComponent | undefined;

/** How many renders of each component are kept: a few pages of cards, about 1.3 KB each. */
const MAX_KEPT = 2000;

interface Kept {
  content: string;
  /** Asked for again since it was kept or last passed over (evictOne). */
  used: boolean;
}

let kept = new WeakMap<ComponentType<never>, Map<string, Kept>>();

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
  if (!renders) kept.set(component as ComponentType<never>, (renders = new Map()));
  const key = `${root}\n${JSON.stringify(props)}`;
  const found = renders.get(key);
  if (found) {
    found.used = true;
    return found.content;
  }
  const html = renderToHtml(component, props);
  // `<article class="…">…</article>`: what lies between the root's start and end tags. Anything
  // else (React writing a preload link before an eager image) is rendered in place, never kept.
  if (!/^[ >]$/.test(html.charAt(root.length + 1)) || !html.startsWith(`<${root}`) || !html.endsWith(`</${root}>`)) return undefined;
  const content = html.slice(html.indexOf('>') + 1, -`</${root}>`.length);
  if (renders.size >= MAX_KEPT) evictOne(renders);
  renders.set(key, { content, used: false });
  return content;
}

/**
 * Makes room for one more (second chance, the clock algorithm): the oldest entry not asked for
 * since it was kept or last passed over goes; one asked for since goes to the back, marked unused.
 * A hit only marks its entry: it allocates nothing and leaves no key of its request behind (moved
 * to the back on every hit, an entry took the new key, so each page's 24 keys outlived it).
 */
function evictOne(renders: Map<string, Kept>): void {
  for (const [key, entry] of renders) {
    renders.delete(key);
    if (!entry.used) return;
    entry.used = false;
    renders.set(key, entry);
  }
}
