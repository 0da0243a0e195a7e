import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routes } from '../views/routes';
import { staffRoutes } from '../views/staff/staff-routes';
import { pageRouteIds } from '../src/ssr/page-route-ids.server';
import { initialAssets, PUBLIC_PAGES, STAFF_PAGES, staticClosure, type BuildManifest, type PageTable } from '../src/ssr/page-assets.server';

// npm run check:bundle (part of npm test, after the build): the JavaScript and CSS each page type
// loads before it is interactive, gzipped, against the budgets. Deterministic: it reads the build.

/**
 * Every page type, with React, React DOM, React Router and Zustand (about 96 KB of it), must stay
 * within this: a slow phone parses and runs all of it before the page responds.
 */
const JS_BUDGET_KB = 110;
const CSS_BUDGET_KB = 20;
const clientDir = path.resolve('dist/client');
const readManifest = (table: PageTable) => JSON.parse(readFileSync(path.join(clientDir, table.manifest), 'utf8')) as BuildManifest;
const manifest = readManifest(PUBLIC_PAGES);
const staffManifest = readManifest(STAFF_PAGES);

const gzipKb = (files: string[]) => files.reduce((total, file) => total + gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length, 0) / 1024;

const problems: string[] = [];
const entryChunks = staticClosure(manifest, PUBLIC_PAGES.entry);
for (const chunk of entryChunks) {
  // Page code in the shared entry would make every page type pay for it.
  if (chunk.src?.startsWith('views/pages/') && chunk.src !== 'views/pages/route-error-page.tsx' && chunk.src !== 'views/pages/page-module.ts') {
    problems.push(`the client entry statically includes page module ${chunk.src}`);
  }
}

/** Code of the staff area: none of it may reach a public page, not even lazily. */
const STAFF_CODE = /^(views\/staff\/|src\/staff\/)|node_modules\/@simplewebauthn\//;

/** Every chunk a key can load, statically or on demand. */
function everyChunk(key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  const chunk = manifest[key];
  return [key, ...[...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].flatMap((next) => everyChunk(next, seen))];
}
for (const key of everyChunk(PUBLIC_PAGES.entry)) {
  const source = manifest[key]?.src ?? key;
  if (STAFF_CODE.test(source)) problems.push(`the public site can load staff code: ${source}`);
}

function tableRows(table: PageTable, built: BuildManifest, ids: string[]) {
  return ids
    .filter((id) => built[table.pageModuleKey(id)])
    .map((id) => {
      const assets = initialAssets(built, [id], table);
      const js = gzipKb([...assets.entry, ...assets.page]);
      const css = gzipKb(assets.styles);
      if (js > JS_BUDGET_KB) problems.push(`${id}: ${js.toFixed(1)} KB of JavaScript (budget ${JS_BUDGET_KB} KB)`);
      if (css > CSS_BUDGET_KB) problems.push(`${id}: ${css.toFixed(1)} KB of CSS (budget ${CSS_BUDGET_KB} KB)`);
      return { id, entry: gzipKb(assets.entry), page: gzipKb(assets.page), js, css };
    });
}

const rows = [...tableRows(PUBLIC_PAGES, manifest, pageRouteIds(routes)), ...tableRows(STAFF_PAGES, staffManifest, pageRouteIds(staffRoutes))];

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
console.log(line(['page type', 'entry JS', 'page JS', 'initial JS', 'CSS']));
console.log(line(['---', '---:', '---:', '---:', '---:']));
for (const row of rows) console.log(line([row.id, `${row.entry.toFixed(1)} KB`, `${row.page.toFixed(1)} KB`, `${row.js.toFixed(1)} KB`, `${row.css.toFixed(1)} KB`]));
console.log(`gzip level 9; budgets: initial JS ${JS_BUDGET_KB} KB and CSS ${CSS_BUDGET_KB} KB per page type`);
if (problems.length > 0) {
  console.error(`\nBundle budget exceeded:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
