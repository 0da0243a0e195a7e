/** Which state of the catalog a cache holds: see models/catalog-meta.model.ts, which keeps it. */
export interface CatalogVersion {
  revision: number;
  /** When the catalog last changed (ISO 8601), or null before its first recorded write. */
  lastModified: string | null;
}

/** A catalog version as one string, equal for equal versions. */
export const catalogVersionKey = ({ revision, lastModified }: CatalogVersion): string => `${revision}|${lastModified ?? ''}`;

/**
 * What is worked out once per catalog version and kept until the next: the first call in a new
 * version runs `compute`, the calls meanwhile share its promise, and a failure is not kept (the
 * next call tries again).
 */
export function keptPerVersion<T>(version: () => Promise<CatalogVersion>, compute: () => Promise<T>): () => Promise<T> {
  let kept: { version: string; value: Promise<T> } | undefined;
  return async () => {
    const current = catalogVersionKey(await version());
    if (kept?.version !== current) {
      const value = compute();
      kept = { version: current, value };
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
}
