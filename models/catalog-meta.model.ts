import mongoose, { Schema, type Model } from 'mongoose';
import type { CatalogVersion } from '../src/catalog/catalog-version';

/**
 * The catalog's version, one small document in `catalog_meta`: a revision counter that every
 * catalog write increments, and when that last happened. Caches (rendered pages, API answers,
 * the sitemap's lastmod) read this one document instead of summarising every vehicle, so checking
 * whether the catalog changed costs the same at 23 vehicles and at 23,000. Writers in another
 * process (`npm run catalog:import`) bump it in the database, where the site reads it.
 */
export interface CatalogMetaRecord {
  _id: string;
  /** How many catalog writes there have been. */
  revision: number;
  updatedAt: Date;
}

interface CatalogMetaStatics {
  /** Records a catalog write: the revision goes up by one and the time is now. */
  bump(): Promise<void>;
  /** The current version; revision 0 when nothing has been recorded yet. */
  current(): Promise<CatalogVersion>;
  /** How many bumps this process has made: a reader that sees it change knows to read again at once. */
  bumpsInThisProcess(): number;
}

const CATALOG_ID = 'catalog';
let localBumps = 0;

const catalogMetaSchema = new Schema<CatalogMetaRecord, Model<CatalogMetaRecord>, object, object, object, CatalogMetaStatics>(
  {
    _id: { type: String, required: true },
    revision: { type: Number, required: true, default: 0 },
    updatedAt: { type: Date, required: true },
  },
  {
    collection: 'catalog_meta',
    versionKey: false,
    statics: {
      async bump() {
        await this.updateOne({ _id: CATALOG_ID }, { $inc: { revision: 1 }, $set: { updatedAt: new Date() } }, { upsert: true }).exec();
        localBumps += 1;
      },
      async current() {
        const record = await this.findById(CATALOG_ID).lean<CatalogMetaRecord>().exec();
        return record ? { revision: record.revision, lastModified: record.updatedAt.toISOString() } : { revision: 0, lastModified: null };
      },
      bumpsInThisProcess() {
        return localBumps;
      },
    },
  },
);

export type CatalogMetaModel = Model<CatalogMetaRecord> & CatalogMetaStatics;

/** The catalog's version document. Reused when already registered, as Vite's SSR reloads modules in development. */
export const CatalogMetaCollection: CatalogMetaModel =
  (mongoose.models.CatalogMeta as CatalogMetaModel | undefined) ?? mongoose.model<CatalogMetaRecord, CatalogMetaModel>('CatalogMeta', catalogMetaSchema);
