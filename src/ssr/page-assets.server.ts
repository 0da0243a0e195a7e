/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * One route table's documents in the build: its template (the client entry's manifest key) and where
 * its page modules are. Page route ids are their modules' file names.
 */
export interface PageTable {
  entry: string;
  /** Its build's manifest, under the client build folder. */
  manifest: string;
  pageModuleKey(routeId: string): string;
}

/** The public site: index.html and views/pages/. */
export const PUBLIC_PAGES: PageTable = { entry: 'index.html', manifest: '.vite/manifest.json', pageModuleKey: (routeId) => `views/pages/${routeId}.tsx` };

/** The staff area: staff.html and views/staff/pages/, built on its own (vite.config.ts, `--mode staff`). */
export const STAFF_PAGES: PageTable = {
  entry: 'staff.html',
  manifest: '.vite/staff-manifest.json',
  pageModuleKey: (routeId) => `views/staff/pages/${routeId}.tsx`,
};

export const CLIENT_ENTRY = PUBLIC_PAGES.entry;

/** The manifest key of a public page route's module. */
export const pageModuleKey = PUBLIC_PAGES.pageModuleKey;

/** A chunk's file and every file it imports statically, depth first, each once. */
export function staticClosure(manifest: BuildManifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [chunk, ...(chunk.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen))];
}

/**
 * What the browser needs before it can hydrate a page: the client entry with its imports, and the
 * chunks of the page modules the request matched with theirs.
 */
export function initialAssets(
  manifest: BuildManifest,
  routeIds: readonly string[],
  table: PageTable = PUBLIC_PAGES,
): { entry: string[]; page: string[]; styles: string[] } {
  const seen = new Set<string>();
  const entry = staticClosure(manifest, table.entry, seen);
  const page = routeIds.flatMap((id) => staticClosure(manifest, table.pageModuleKey(id), seen));
  const styles = [...new Set([...entry, ...page].flatMap((chunk) => chunk.css ?? []))];
  return { entry: entry.map((chunk) => chunk.file), page: page.map((chunk) => chunk.file), styles };
}
