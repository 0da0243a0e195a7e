import path from 'node:path';
import { Router, type Response } from 'express';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The only names a processed photo has: its content hash, then a width and a format. */
const HASH = /^[a-f0-9]{32}$/;
const FILE = /^[1-9]\d{0,4}\.(avif|webp|jpg)$/;
const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * Serves the processed unit photos (services/photos/process-photo.ts) from photosDir at
 * /photos/<hash>/<width>.<avif|webp|jpg>. A photo's bytes never change under its address, so
 * browsers and CDNs keep it for a year without asking again. Anything else under /photos is 404:
 * names are matched whole before any file is opened, so no path can leave photosDir.
 */
export function photosController(photosDir: string): Router {
  const router = Router();
  const notFound = (res: Response) => {
    res.status(404).set('Cache-Control', 'no-cache').json({ error: 'Not found' });
  };
  router.get('/photos/:hash/:file', (req, res, next) => {
    const { hash, file } = req.params;
    const format = FILE.exec(file)?.[1];
    if (!HASH.test(hash) || !format) {
      notFound(res);
      return;
    }
    res.sendFile(
      path.join(photosDir, hash, file),
      { maxAge: YEAR_MS, immutable: true, dotfiles: 'deny', headers: { 'Content-Type': CONTENT_TYPES[format] } },
      (error?: Error & { status?: number }) => {
        if (!error || res.headersSent) return;
        if (error.status === 404) notFound(res);
        else next(error);
      },
    );
  });
  router.use('/photos', (_req, res) => notFound(res));
  return router;
}
