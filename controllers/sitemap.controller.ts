import { Router } from 'express';
import { sitemapEntries, type SitemapCatalog } from '../services/sitemap.service';
import type { CatalogVersion } from '../src/catalog/catalog-version';
import { precompress } from '../src/http/precompressed-body.server';
import { sendPrecompressed, type PrecompressedResponse } from '../src/http/send-precompressed.server';

const HOUR_SECONDS = 60 * 60;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * /sitemap.xml (every canonical page, with the photos of the units for sale) and /robots.txt
 * (everything may be crawled; where the sitemap is). The sitemap is built and compressed once per
 * catalog version and sent as kept until the catalog changes, so a crawler's visit costs no
 * database read and no compression.
 */
export function sitemapController(catalog: SitemapCatalog, origin: string, releasedAt: Date, catalogVersion: () => Promise<CatalogVersion>): Router {
  const router = Router();
  let kept: { version: string; sitemap: Promise<PrecompressedResponse> } | undefined;

  const build = async (): Promise<PrecompressedResponse> => {
    const entries = await sitemapEntries(catalog, origin, releasedAt);
    const urls = entries.map((entry) => {
      const images = (entry.images ?? []).map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`).join('');
      return `  <url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod>${images}</url>`;
    });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls.join('\n')}\n</urlset>\n`;
    return { status: 200, contentType: 'application/xml; charset=utf-8', cacheControl: `public, max-age=${HOUR_SECONDS}`, body: await precompress(Buffer.from(xml)) };
  };

  router.get('/sitemap.xml', async (req, res, next) => {
    try {
      const { revision, lastModified } = await catalogVersion();
      const version = `${revision}|${lastModified ?? ''}`;
      if (kept?.version !== version) {
        const sitemap = build();
        kept = { version, sitemap };
        // A build that failed (the catalog could not be read) is not kept: the next request tries again.
        sitemap.catch(() => {
          if (kept?.sitemap === sitemap) kept = undefined;
        });
      }
      sendPrecompressed(req, res, await kept.sitemap);
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
