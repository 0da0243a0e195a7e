import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { preferredEncoding } from './send-precompressed.server';

/** The encodings the build writes beside a file (vite.config.ts, precompressAssets), best first. */
const SUFFIXES = { br: '.br', gzip: '.gz' } as const;

/** Every file under a folder, as the URL path that names it ('/assets/index-x.js'). */
function filesUnder(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(root, file) : [`/${path.relative(root, file).split(path.sep).join('/')}`];
  });
}

/**
 * Serves the build's static files in the encoding the visitor accepts from the `.br` and `.gz`
 * files the build wrote beside them, so no request pays for compressing a file again. Which files
 * have them is read once, at start; a file without them (too small to gain) goes on to the plain
 * static handler. Only the encoding differs: the type, caching and validators are the file's own.
 */
export function precompressedFiles(root: string, options: { maxAge: number; immutable?: boolean }): RequestHandler {
  const all = new Set(existsSync(root) ? filesUnder(root) : []);
  const encoded = new Map<string, { br: boolean; gzip: boolean }>();
  for (const file of all) {
    const br = all.has(file + SUFFIXES.br);
    const gzip = all.has(file + SUFFIXES.gzip);
    if (br || gzip) encoded.set(file, { br, gzip });
  }
  const send = express.static(root, { index: false, maxAge: options.maxAge, immutable: options.immutable ?? false, fallthrough: true });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = encoded.get(req.path);
    if (!available) return next();
    res.vary('Accept-Encoding');
    const wanted = preferredEncoding(req.get('accept-encoding'));
    const encoding = wanted === 'br' && available.br ? 'br' : wanted !== 'identity' && available.gzip ? 'gzip' : undefined;
    if (!encoding) return next();
    // The type of the file itself, not of its compressed copy; the static handler keeps a type already set.
    res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', encoding);
    res.locals.precompressed = true;
    const original = req.url;
    req.url = req.url.replace(/^[^?]*/, (pathname) => pathname + SUFFIXES[encoding]);
    send(req, res, (error?: unknown) => {
      // Not served after all (it went missing): the request goes on as it came.
      req.url = original;
      res.removeHeader('Content-Encoding');
      res.locals.precompressed = false;
      next(error);
    });
  };
}
