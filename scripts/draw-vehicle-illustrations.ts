/**
 * Draws a flat side-view illustration for every vehicle in seeds/catalog.json, plus a neutral
 * placeholder, into public/images/vehicles/. Run: npx tsx scripts/draw-vehicle-illustrations.ts
 *
 * The drawing follows the catalog: seat rows from the seating capacity, a cargo bed for utility
 * models, a lift and knobby tyres for off-road models, and a brand palette with a per-model shade.
 */
import { systemClock } from '../src/time/clock';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { catalogEntrySchema } from '../src/catalog/catalog-entry-schema.server';
import type { CatalogEntry } from '../src/catalog/vehicle';

const CATALOG_FILE = fileURLToPath(new URL('../seeds/catalog.json', import.meta.url));
const OUTPUT_DIR = fileURLToPath(new URL('../public/images/vehicles/', import.meta.url));

const WIDTH = 640;
const HEIGHT = 400;
const GROUND_Y = 352;
const MAX_SCALE = 1.55;

interface Palette {
  body: string;
  roof: string;
  seat: string;
  seatBack: string;
  trim: string;
  rim: string;
  rimDark: string;
  tire: string;
  glass: string;
  light: string;
  tailLight: string;
  shadow: string;
}

interface CartShape {
  title: string;
  rows: number;
  bed: 'none' | 'short' | 'long';
  lifted: boolean;
  knobby: boolean;
  palette: Palette;
}

/** Base body color per category: DENAGO in coastal blues and teals, EVOLUTION in reds and embers. */
const CATEGORY_BODY: Record<string, string> = {
  city: '#1f6fa3',
  nomad: '#17707a',
  rover: '#22467a',
  classic: '#b3242d',
  carrier: '#8f1f38',
  ranger: '#b4402a',
  maverick: '#a11c2c',
  'd6-max': '#7e1b2d',
  forester: '#98391f',
  turfman: '#8a2c24',
};

/** Lightness steps (percentage points) that set sibling models of one category apart. */
const SIBLING_SHADES = [0, 7, -5, 12];

const BRAND_TRIM: Record<CatalogEntry['brand'], Omit<Palette, 'body'>> = {
  denago: {
    roof: '#f4f5f7',
    seat: '#ece4d6',
    seatBack: '#dcd1bd',
    trim: '#2a3038',
    rim: '#d5dae1',
    rimDark: '#68717d',
    tire: '#1e2228',
    glass: '#bfe3f5',
    light: '#fff6d5',
    tailLight: '#e0483e',
    shadow: '#0f172a',
  },
  evolution: {
    roof: '#23272e',
    seat: '#3a3e45',
    seatBack: '#2c3036',
    trim: '#1f2329',
    rim: '#a3aab4',
    rimDark: '#3d434c',
    tire: '#1b1e23',
    glass: '#c9e6f2',
    light: '#fff6d5',
    tailLight: '#f04438',
    shadow: '#0f172a',
  },
};

const PLACEHOLDER: CartShape = {
  title: 'Vehicle image coming soon',
  rows: 2,
  bed: 'none',
  lifted: false,
  knobby: false,
  palette: {
    body: '#c5ccd5',
    roof: '#dfe4ea',
    seat: '#b3bcc7',
    seatBack: '#a6b0bc',
    trim: '#9aa4b0',
    rim: '#e6e9ed',
    rimDark: '#b9c1cb',
    tire: '#8e98a4',
    glass: '#e8edf2',
    light: '#eef1f4',
    tailLight: '#b9c1cb',
    shadow: '#475569',
  },
};

function hexToHsl(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => channel / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function shade(hex: string, lightness: number): string {
  const [h, s, l] = hexToHsl(hex);
  return hslToHex(h, s, Math.max(0, Math.min(100, l + lightness)));
}

/** Rounds to one decimal so the files stay small. */
const n = (value: number) => String(Math.round(value * 10) / 10);

function shapeFor(entry: CatalogEntry, siblingIndex: number): CartShape {
  const seats = Number.parseInt(entry.specifications.seatingCapacity, 10);
  const utility = entry.category === 'turfman' || entry.category === 'forester';
  const offRoad = entry.category === 'forester' || entry.category === 'nomad' || entry.category === 'maverick' || /\bXT\d/.test(entry.name);
  const base = CATEGORY_BODY[entry.category] ?? (entry.brand === 'denago' ? '#22467a' : '#a11c2c');
  return {
    title: entry.name,
    rows: Math.max(1, Math.min(4, Math.round(seats / 2))),
    bed: entry.category === 'turfman' ? 'long' : utility ? 'short' : 'none',
    lifted: offRoad,
    knobby: offRoad,
    palette: { ...BRAND_TRIM[entry.brand], body: shade(base, SIBLING_SHADES[siblingIndex % SIBLING_SHADES.length] ?? 0) },
  };
}

function wheel(cx: number, cy: number, r: number, knobby: boolean, p: Palette): string {
  const windows = 2 * Math.PI * r * 0.4;
  const tread = knobby ? `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r - 1.5)}" fill="none" stroke="${p.tire}" stroke-width="5" stroke-dasharray="4.5 3"/>` : '';
  return (
    `<g><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${p.tire}"/>${tread}` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="none" stroke="#ffffff" stroke-opacity=".08" stroke-width="2"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.6)}" fill="${p.rim}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.4)}" fill="none" stroke="${p.rimDark}" stroke-width="${n(r * 0.2)}" stroke-dasharray="${n(windows / 12)} ${n(windows / 12)}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.17)}" fill="${p.rim}" stroke="${p.rimDark}" stroke-width="1.5"/></g>`
  );
}

/** The cart in local units: ground at y = 0, rear of the body at x = 0, facing right. */
function drawCart(shape: CartShape): { body: string; gradient: string; length: number; top: number } {
  const p = shape.palette;
  const r = shape.lifted ? 33 : 27;
  const lift = shape.lifted ? 14 : 0;
  const bedLength = { none: 0, short: 84, long: 132 }[shape.bed];
  const rowPitch = 86;
  const cushion = 54;

  const bodyBottom = -18 - lift;
  const floorTop = -42 - lift;
  const seatBase = -64 - lift;
  const cushionTop = seatBase - 13;
  const backTop = cushionTop - 56;
  const dashTop = seatBase - 38;
  const hoodY = seatBase - 16;
  const roofBottom = -188 - lift;

  const bedStart = 8;
  const firstBack = shape.bed === 'none' ? 34 : bedStart + bedLength + 18;
  const backs = Array.from({ length: shape.rows }, (_, i) => firstBack + i * rowPitch);
  const frontBack = backs[backs.length - 1] ?? firstBack;
  const dashX = frontBack + cushion + 58;
  const noseX = dashX + 82;
  const rearWheelX = shape.bed === 'none' ? firstBack + 26 : bedStart + bedLength * 0.58;
  const frontWheelX = dashX + 36;
  const roofRear = shape.bed === 'none' ? firstBack - 22 : firstBack - 14;
  const roofFront = dashX + 8;

  const parts: string[] = [];
  const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 4, opacity = 1) =>
    parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}" fill="${fill}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ''}/>`);

  // Roof struts sit behind the seats, so they are drawn first.
  const strutXs = [roofRear + 7, ...(shape.rows >= 3 ? backs.slice(1).map((x) => x - 8) : [])];
  for (const x of strutXs) rect(x - 2, roofBottom, 4.5, seatBase - roofBottom + 4, p.trim, 2);

  // Lift kit blocks under the body, visible between body and wheels.
  if (lift) for (const x of [rearWheelX, frontWheelX]) rect(x - 14, bodyBottom - 4, 28, lift + 8, p.trim, 3);

  // Rear body and floor band with the footwells between the seat bases.
  const bodyDark = shade(p.body, -7);
  const paint = 'url(#b)';
  rect(2, floorTop, dashX - 30, bodyBottom - floorTop, paint, 6);
  rect(0, seatBase, (shape.bed === 'none' ? firstBack : bedStart + bedLength) + cushion, floorTop - seatBase + 6, paint, 6);
  for (const x of backs.slice(1)) rect(x - 6, seatBase, cushion + 8, floorTop - seatBase + 6, paint, 5);
  rect(2, bodyBottom - 6, dashX - 30, 6, bodyDark, 3);
  rect(8, floorTop + 5, dashX - 56, 2, '#ffffff', 1, 0.16);

  // Cargo bed: a dark tub with a top rail and ribs.
  if (shape.bed !== 'none') {
    const bedTop = seatBase - 34;
    const bedEnd = bedStart + bedLength;
    rect(bedStart - 4, bedTop, bedLength + 8, seatBase - bedTop + 6, p.trim, 4);
    rect(bedStart - 4, bedTop, bedLength + 8, 5, shade(p.trim, 18), 2);
    for (let x = bedStart + 18; x < bedEnd - 10; x += 24) rect(x, bedTop + 9, 3, seatBase - bedTop - 9, shade(p.trim, 10), 1.5);
  }

  // Front cowl: rises from the floor to the dash, then the hood rolls down to the nose.
  parts.push(
    `<path d="M${n(dashX - 46)} ${n(floorTop)}C${n(dashX - 28)} ${n(floorTop)} ${n(dashX - 16)} ${n(dashTop + 18)} ${n(dashX - 8)} ${n(dashTop)}` +
      `L${n(dashX + 6)} ${n(dashTop)}C${n(dashX + 34)} ${n(dashTop + 3)} ${n(noseX - 22)} ${n(hoodY - 4)} ${n(noseX - 6)} ${n(hoodY + 4)}` +
      `Q${n(noseX + 2)} ${n(hoodY + 10)} ${n(noseX)} ${n(hoodY + 26)}L${n(noseX - 2)} ${n(bodyBottom - 4)}Q${n(noseX - 3)} ${n(bodyBottom)} ${n(noseX - 10)} ${n(bodyBottom)}` +
      `L${n(dashX - 46)} ${n(bodyBottom)}Z" fill="${paint}"/>`,
  );
  // A soft highlight along the hood line gives the body some volume.
  parts.push(
    `<path d="M${n(dashX + 8)} ${n(dashTop + 4)}C${n(dashX + 34)} ${n(dashTop + 7)} ${n(noseX - 24)} ${n(hoodY)} ${n(noseX - 9)} ${n(hoodY + 7)}" fill="none" stroke="#ffffff" stroke-opacity=".28" stroke-width="3" stroke-linecap="round"/>`,
  );

  // Wheel wells, cut into the body above the rocker line.
  for (const x of [rearWheelX, frontWheelX]) {
    const well = r + 5;
    const dy = bodyBottom - -r;
    const dx = Math.sqrt(Math.max(0, well * well - dy * dy));
    parts.push(`<path d="M${n(x - dx)} ${n(bodyBottom)}A${well} ${well} 0 1 1 ${n(x + dx)} ${n(bodyBottom)}Z" fill="${shade(p.body, -22)}"/>`);
  }

  // Bumpers, lights.
  rect(noseX - 12, bodyBottom - 16, 16, 11, p.trim, 3);
  rect(-4, bodyBottom - 16, 12, 11, p.trim, 3);
  parts.push(`<ellipse cx="${n(noseX - 7)}" cy="${n(hoodY + 13)}" rx="4.5" ry="5.5" fill="${p.light}" stroke="${p.trim}" stroke-width="1.5"/>`);
  rect(-1, seatBase + 4, 5, 12, p.tailLight, 2);

  // Seats: cushion plus a slightly reclined backrest per row.
  for (const x of backs) {
    parts.push(
      `<rect x="${n(x - 6)}" y="${n(backTop)}" width="14" height="${n(cushionTop - backTop + 8)}" rx="6" fill="${p.seatBack}" transform="rotate(-7 ${n(x)} ${n(cushionTop)})"/>`,
    );
    rect(x - 4, cushionTop, cushion, 14, p.seat, 6);
    rect(x + 2, cushionTop + 2, cushion - 14, 3, '#ffffff', 1.5, 0.18);
  }

  // Steering column and wheel.
  parts.push(
    `<path d="M${n(dashX - 4)} ${n(dashTop + 4)}L${n(dashX - 26)} ${n(dashTop - 22)}" stroke="${p.trim}" stroke-width="4" stroke-linecap="round"/>` +
      `<ellipse cx="${n(dashX - 28)}" cy="${n(dashTop - 25)}" rx="3.5" ry="14" fill="${p.trim}" transform="rotate(-38 ${n(dashX - 28)} ${n(dashTop - 25)})"/>`,
  );

  // Windshield and front strut, leaning back slightly from the dash to the roof.
  const shieldBottom = dashTop + 2;
  parts.push(
    `<path d="M${n(dashX + 4)} ${n(shieldBottom)}L${n(dashX - 7)} ${n(roofBottom + 2)}L${n(dashX + 3)} ${n(roofBottom + 2)}L${n(dashX + 13)} ${n(shieldBottom)}Z" fill="${p.glass}" fill-opacity=".75"/>` +
      `<path d="M${n(dashX + 1)} ${n(shieldBottom)}L${n(dashX - 10)} ${n(roofBottom + 2)}" stroke="${p.trim}" stroke-width="4.5" stroke-linecap="round"/>` +
      `<path d="M${n(dashX + 9)} ${n(shieldBottom - 12)}L${n(dashX + 2)} ${n(shieldBottom - 60)}" stroke="#ffffff" stroke-opacity=".7" stroke-width="2" stroke-linecap="round"/>`,
  );

  // Roof with a shaded underside, so a white roof still reads against a white page.
  rect(roofRear, roofBottom - 10, roofFront - roofRear, 10, shade(p.roof, -16), 4);
  rect(roofRear, roofBottom - 10, roofFront - roofRear, 7, p.roof, 3.5);
  rect(roofRear + 4, roofBottom - 9, roofFront - roofRear - 8, 2, '#ffffff', 1, 0.35);

  for (const x of [rearWheelX, frontWheelX]) parts.push(wheel(x, -r, r, shape.knobby, p));

  // One paint gradient in local units, shared by every body panel, so the panels read as one body.
  const gradient =
    `<linearGradient id="b" gradientUnits="userSpaceOnUse" x1="0" y1="${n(dashTop)}" x2="0" y2="${n(bodyBottom)}">` +
    `<stop offset="0" stop-color="${shade(p.body, 6)}"/><stop offset="1" stop-color="${shade(p.body, -6)}"/></linearGradient>`;
  return { body: parts.join(''), gradient, length: noseX + 4, top: -(roofBottom - 10) };
}

function renderSvg(shape: CartShape): string {
  const cart = drawCart(shape);
  const scale = Math.min(MAX_SCALE, (WIDTH - 60) / cart.length, (GROUND_Y - 36) / cart.top);
  const offsetX = (WIDTH - cart.length * scale) / 2;
  // Long carts are scaled down to fit the width; centring them vertically keeps the cards balanced.
  const groundY = Math.min(GROUND_Y, Math.round((HEIGHT + cart.top * scale) / 2 + 8));
  const shadowRx = (cart.length * scale) / 2 + 14;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">` +
    `<title>${escapeXml(shape.title)}</title>` +
    `<defs><radialGradient id="s"><stop offset="0" stop-color="${shape.palette.shadow}" stop-opacity=".3"/><stop offset="1" stop-color="${shape.palette.shadow}" stop-opacity="0"/></radialGradient>${cart.gradient}</defs>` +
    `<ellipse cx="${WIDTH / 2}" cy="${groundY + 1}" rx="${n(shadowRx)}" ry="13" fill="url(#s)"/>` +
    `<g transform="translate(${n(offsetX)} ${groundY}) scale(${Math.round(scale * 1000) / 1000})">${cart.body}</g></svg>\n`
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function drawAll(): void {
  const catalog = z.array(catalogEntrySchema(systemClock())).parse(JSON.parse(readFileSync(CATALOG_FILE, 'utf8')));
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const seenPerCategory = new Map<string, number>();
  for (const entry of catalog) {
    const siblingIndex = seenPerCategory.get(entry.category) ?? 0;
    seenPerCategory.set(entry.category, siblingIndex + 1);
    writeFileSync(`${OUTPUT_DIR}${entry.slug}.svg`, renderSvg(shapeFor(entry, siblingIndex)));
  }
  writeFileSync(`${OUTPUT_DIR}placeholder.svg`, renderSvg(PLACEHOLDER));
  console.log(`Drew ${catalog.length} vehicle illustrations and the placeholder in ${OUTPUT_DIR}`);
}

drawAll();
