/** What rendering one page request through the route table gives: the page's parts, or a redirect. */
export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      head: string;
      html: string;
      /** The site notice's markup, for before the root element (never hydrated), or ''. */
      banner?: string;
      /** The router's hydration data as a non-executed JSON script, for after the root element. */
      data: string;
      routeIds: string[];
      /** The page's canonical URL, or null for a page not to be indexed. */
      canonicalUrl: string | null;
    }
  | { kind: 'redirect'; status: number; location: string };
