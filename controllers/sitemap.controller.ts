import { Router, type Response } from 'express';
import { sitemapEntries, sitemapIndex, sitemapUrlsets, type SitemapCatalog, type SitemapLimits } from '../services/sitemap.service';
import { keptPerVersion, type CatalogVersion } from '../src/catalog/catalog-version';
import { precompress, precompressParts, type PrecompressedBody } from '../src/http/precompressed-body.server';
import { sendPrecompressed, type PrecompressedResponse } from '../src/http/send-precompressed.server';

const HOUR_SECONDS = 60 * 60;

async function* bytesOf(pieces: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const piece of pieces) yield Buffer.from(piece);
}

/** /sitemap-<n>.xml: n as written by the index (no leading zero), any other number answered 404. */
const PART_PATH = /^\/sitemap-([1-9]\d{0,5})\.xml$/;

/** One catalog version's sitemap, compressed: /sitemap.xml, and the parts an index lists. */
interface BuiltSitemap {
  main: PrecompressedResponse;
  parts: PrecompressedResponse[];
}

/**
 * /sitemap.xml (every canonical page, with the photos of the units for sale) and /robots.txt
 * (everything may be crawled; where the sitemap is). Past one file's limits (SITEMAP_URLS_PER_FILE
 * in services/sitemap.service.ts) /sitemap.xml is a sitemap index of /sitemap-1.xml, … The files
 * are built and compressed once per catalog version and sent as kept until the catalog changes, so
 * a crawler's visit costs no database read and no compression. A file is written and compressed as
 * the catalog is read, a page at a time: what is kept is its compressed bytes, never the catalog
 * nor the whole XML (at 23,000 units with their photos, tens of MB). `limits` is for tests.
 */
export function sitemapController(
  catalog: SitemapCatalog,
  origin: string,
  releasedAt: Date,
  catalogVersion: () => Promise<CatalogVersion>,
  limits?: SitemapLimits,
): Router {
  const router = Router();

  const answer = (body: PrecompressedBody): PrecompressedResponse => ({
    status: 200,
    contentType: 'application/xml; charset=utf-8',
    cacheControl: `public, max-age=${HOUR_SECONDS}`,
    body,
  });

  const build = async (): Promise<BuiltSitemap> => {
    const files: Array<{ body: PrecompressedBody; lastmod: string }> = [];
    for await (const urlset of sitemapUrlsets(sitemapEntries(catalog, origin, releasedAt), limits)) {
      files.push({ body: await precompressParts(bytesOf(urlset.xml)), lastmod: urlset.lastmod() });
    }
    if (files.length === 1) return { main: answer(files[0]!.body), parts: [] };
    const index = await precompress(
      Buffer.from(
        sitemapIndex(
          files.map((file) => file.lastmod),
          origin,
        ),
      ),
    );
    return { main: answer(index), parts: files.map((file) => answer(file.body)) };
  };

  /** The sitemap of the catalog's current version, built once per version; a build that failed (the catalog could not be read) is not kept. */
  const current = keptPerVersion(catalogVersion, build);

  const notFound = (res: Response) => {
    res.status(404).set('Cache-Control', 'no-cache').type('text/plain').send('Not found.');
  };

  router.get('/sitemap.xml', async (req, res, next) => {
    try {
      sendPrecompressed(req, res, (await current()).main);
    } catch (error) {
      next(error);
    }
  });

  router.get(/^\/sitemap-[^/]*\.xml$/, async (req, res, next) => {
    try {
      const number = PART_PATH.exec(req.path)?.[1];
      const part = number === undefined ? undefined : (await current()).parts[Number(number) - 1];
      if (part) sendPrecompressed(req, res, part);
      else notFound(res);
    } catch (error) {
      next(error);
    }
  });

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', `public, max-age=${HOUR_SECONDS}`)
      .send(`User-agent: *\nAllow: /\nDisallow: /staff\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`);
  });

  return router;
}
