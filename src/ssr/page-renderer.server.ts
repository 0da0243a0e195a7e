import { readFile } from 'node:fs/promises';
import { initialAssets, PUBLIC_PAGES, type BuildManifest, type PageTable } from './page-assets.server';
import type { RenderedPage } from './rendered-page.server';
import type { RouterContextProvider } from 'react-router';

/** How the page controller turns a request into HTML: a template and the React renderer. */
export interface PageRenderer {
  template(url: string): Promise<string>;
  render(request: Request, context: RouterContextProvider): Promise<RenderedPage>;
  /**
   * Head tags that start downloading the entry's imports and the matched pages' own chunks with the
   * entry, rather than after it: without them the browser finds them only once the entry has run.
   */
  preloadTags(routeIds: readonly string[]): Promise<string>;
}

type RenderPage = PageRenderer['render'];

/**
 * Production and tests: a fixed template (the built one, or the source index.html) read once,
 * and, for the built one, Vite's manifest to preload each page's chunks.
 */
export function fileTemplateRenderer(templatePath: string, render: RenderPage, manifestPath?: string, table: PageTable = PUBLIC_PAGES): PageRenderer {
  let template: Promise<string> | undefined;
  let manifest: Promise<BuildManifest | null> | undefined;
  // The tags of each matched route list, worked out from the manifest once: the route table has a
  // few dozen lists, and a page asked for again (a search) would walk the manifest again.
  const tagsByRoutes = new Map<string, string>();
  return {
    template: () => (template ??= readFile(templatePath, 'utf8')),
    render,
    async preloadTags(routeIds) {
      manifest ??= manifestPath ? readFile(manifestPath, 'utf8').then((text) => JSON.parse(text) as BuildManifest) : Promise.resolve(null);
      const loaded = await manifest;
      if (!loaded) return '';
      const key = routeIds.join('\n');
      let tags = tagsByRoutes.get(key);
      if (tags === undefined) {
        const { entry, page } = initialAssets(loaded, routeIds, table);
        // The entry's own imports (the framework chunk) and the page's chunks, found with the entry
        // rather than after it has run; low priority, like the entry itself (vite.config.ts): the
        // first paint does not need them. The entry is the template's script tag.
        tags = [...entry.slice(1), ...page].map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`).join('\n    ');
        tagsByRoutes.set(key, tags);
      }
      return tags;
    },
  };
}
