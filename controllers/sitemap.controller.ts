import { Router } from 'express';
import { sitemapEntries, type SitemapCatalog } from '../services/sitemap.service';

const HOUR_SECONDS = 60 * 60;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** /sitemap.xml (every canonical page, with the photos of the units for sale) and /robots.txt (everything may be crawled; where the sitemap is). */
export function sitemapController(catalog: SitemapCatalog, origin: string, releasedAt: Date): Router {
  const router = Router();

  router.get('/sitemap.xml', async (_req, res) => {
    const entries = await sitemapEntries(catalog, origin, releasedAt);
    const urls = entries.map((entry) => {
      const images = (entry.images ?? []).map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`).join('');
      return `  <url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod>${images}</url>`;
    });
    res
      .type('application/xml')
      .set('Cache-Control', `public, max-age=${HOUR_SECONDS}`)
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', `public, max-age=${HOUR_SECONDS}`)
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`);
  });

  return router;
}
