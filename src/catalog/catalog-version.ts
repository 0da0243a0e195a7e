/** Which state of the catalog a cache holds: see models/catalog-meta.model.ts, which keeps it. */
export interface CatalogVersion {
  revision: number;
  /** When the catalog last changed (ISO 8601), or null before its first recorded write. */
  lastModified: string | null;
}
