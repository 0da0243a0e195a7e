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

export const CLIENT_ENTRY = 'index.html';

/** The manifest key of a page route's module: page route ids are their file names. */
export function pageModuleKey(routeId: string): string {
  return `views/pages/${routeId}.tsx`;
}

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
export function initialAssets(manifest: BuildManifest, routeIds: readonly string[]): { entry: string[]; page: string[]; styles: string[] } {
  const seen = new Set<string>();
  const entry = staticClosure(manifest, CLIENT_ENTRY, seen);
  const page = routeIds.flatMap((id) => staticClosure(manifest, pageModuleKey(id), seen));
  const styles = [...new Set([...entry, ...page].flatMap((chunk) => chunk.css ?? []))];
  return { entry: entry.map((chunk) => chunk.file), page: page.map((chunk) => chunk.file), styles };
}
