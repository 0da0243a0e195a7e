import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { parseFeedCsv } from '../services/feed/parse-feed-csv';
import business from '../seeds/business.json';
import looks from '../seeds/feed-photo-looks.json';

// npx tsx scripts/draw-feed-photos.ts: draws the photos of the sample feed's used units
// (seeds/sample-feed.csv) into seeds/feed-photos/, as 1600x1067 JPEGs. Each is a model
// illustration from public/images/vehicles/, repainted in the unit's color and set in a scene
// (sales lot, beach, showroom, driveway), framed whole, close or from the other side, so the
// units look like carts photographed on the lot. No stock photography. Run again after changing
// the sample feed or its shot list (seeds/feed-photo-looks.json).

const root = process.cwd();
const FEED = path.join(root, 'seeds/sample-feed.csv');
const WIDTH = 1600;
const HEIGHT = 1067;

type Scene = 'lot' | 'beach' | 'showroom' | 'driveway';
type Framing = 'side' | 'far' | 'close';
interface Shot {
  scene: Scene;
  framing: Framing;
  /** The cart faces left: its other side. */
  mirrored?: boolean;
}
interface UnitLook {
  illustration: string;
  /** The body color to paint, or null to keep the illustration's own. */
  paint: string | null;
  shots: Shot[];
}

/** How each sample unit is drawn, by stock number (seeds/feed-photo-looks.json); the feed names the files. */
const LOOKS = looks as Record<string, UnitLook>;

/** Colors of an illustration that are not its paint: lights, glass, seats, roof, tyres, trim. */
const KEEP = new Set(['#ffffff', '#000000', '#fff6d5', '#f04438', '#e0483e', '#c9e6f2', '#bfe3f5', '#0f172a']);

const rgbOf = (hex: string) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255) as [number, number, number];
const luminance = ([r, g, b]: [number, number, number]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/**
 * Repaints the body: every strongly colored hex color outside KEEP becomes the paint, darkened
 * or lightened as the original was against the body's main color (its gradient's first stop), so
 * the shading stays.
 */
function repaint(svg: string, paint: string): string {
  const main = /<linearGradient id="b"[^>]*><stop offset="0" stop-color="(#[0-9a-f]{6})"/.exec(svg)?.[1];
  if (!main) throw new Error('illustration without a body gradient');
  const mainLuminance = luminance(rgbOf(main));
  const target = rgbOf(paint);
  return svg.replace(/#[0-9a-f]{6}\b/g, (hex) => {
    const rgb = rgbOf(hex);
    const max = Math.max(...rgb);
    if (KEEP.has(hex) || max === 0 || (max - Math.min(...rgb)) / max < 0.45) return hex;
    const ratio = luminance(rgb) / mainLuminance;
    return `#${target
      .map((channel) =>
        Math.round(Math.min(1, channel * ratio) * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  });
}

/** The scenes, drawn at 1600x1067; `ground` is where a cart's wheels stand (fraction of the height). */
const SCENES: Record<Scene, { ground: number; svg: string }> = {
  lot: {
    ground: 0.84,
    svg: `<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#8ec3ea"/><stop offset="1" stop-color="#e4eff5"/></linearGradient>
      <linearGradient id="asphalt" x2="0" y2="1"><stop offset="0" stop-color="#6b7076"/><stop offset="1" stop-color="#3c4046"/></linearGradient></defs>
      <rect width="1600" height="1067" fill="url(#sky)"/>
      ${[60, 180, 290, 420, 1180, 1300, 1430, 1540].map((x, index) => `<circle cx="${x}" cy="${470 - (index % 3) * 18}" r="${90 + (index % 2) * 30}" fill="${index % 2 ? '#2f5d3a' : '#3b6b45'}"/>`).join('')}
      <rect x="300" y="250" width="1000" height="340" fill="#e9e4da"/><rect x="300" y="250" width="1000" height="60" fill="#1f6fa3"/>
      ${[0, 1, 2, 3, 4].map((index) => `<rect x="${350 + index * 190}" y="360" width="150" height="170" fill="#a9c9dc"/><rect x="${350 + index * 190}" y="360" width="150" height="40" fill="#ffffff" fill-opacity=".35"/>`).join('')}
      <rect y="585" width="1600" height="482" fill="url(#asphalt)"/>
      ${[-500, -80, 340, 760, 1180, 1600, 2020].map((x) => `<path d="M${x + 300} 585L${x} 1067" stroke="#e9d27a" stroke-width="9" stroke-opacity=".8"/>`).join('')}
      <rect y="585" width="1600" height="14" fill="#a7a39a"/>`,
  },
  beach: {
    ground: 0.86,
    svg: `<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#6fb2e8"/><stop offset="1" stop-color="#f3e7cf"/></linearGradient>
      <linearGradient id="sand" x2="0" y2="1"><stop offset="0" stop-color="#ecd6a4"/><stop offset="1" stop-color="#d3b47b"/></linearGradient></defs>
      <rect width="1600" height="1067" fill="url(#sky)"/>
      <rect y="470" width="1600" height="90" fill="#2f7fa8"/><rect y="470" width="1600" height="10" fill="#9fd3ea"/>
      <path d="M0 560Q300 500 620 548T1250 530T1600 545V1067H0Z" fill="url(#sand)"/>
      ${Array.from({ length: 15 }, (_, index) => `<rect x="${40 + index * 110}" y="${560 - (index % 4) * 6}" width="10" height="95" fill="#8a6a45"/>`).join('')}
      <path d="M0 585L1600 570" stroke="#8a6a45" stroke-width="4"/>
      ${Array.from({ length: 26 }, (_, index) => `<path d="M${30 + index * 62} 640q${8 + (index % 3) * 4} -60 ${24 + (index % 5) * 4} -90M${40 + index * 62} 642q-4 -50 -20 -70" stroke="#7f8f4a" stroke-width="5" fill="none"/>`).join('')}`,
  },
  showroom: {
    ground: 0.85,
    svg: `<defs><linearGradient id="floor" x2="0" y2="1"><stop offset="0" stop-color="#dfe3e8"/><stop offset="1" stop-color="#a9b1ba"/></linearGradient></defs>
      <rect width="1600" height="1067" fill="#f1f3f5"/>
      ${[0, 1, 2, 3].map((index) => `<rect x="${40 + index * 170}" y="90" width="150" height="520" fill="#cfe5f3"/>`).join('')}
      <rect x="760" y="170" width="760" height="150" rx="8" fill="#17707a"/><rect x="800" y="215" width="420" height="24" rx="12" fill="#ffffff" fill-opacity=".8"/><rect x="800" y="255" width="300" height="18" rx="9" fill="#ffffff" fill-opacity=".5"/>
      <rect y="610" width="1600" height="457" fill="url(#floor)"/><rect y="604" width="1600" height="10" fill="#c3c8ce"/>
      ${[0, 1, 2, 3, 4, 5].map((index) => `<path d="M${index * 320 - 200} 1067L${index * 300 + 50} 614" stroke="#ffffff" stroke-opacity=".35" stroke-width="3"/>`).join('')}`,
  },
  driveway: {
    ground: 0.88,
    svg: `<defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#a4cdea"/><stop offset="1" stop-color="#eaf2f6"/></linearGradient></defs>
      <rect width="1600" height="1067" fill="url(#sky)"/>
      <path d="M120 330L800 90L1480 330Z" fill="#5b4a42"/>
      <rect x="180" y="330" width="1240" height="360" fill="#d9d3c5"/>
      ${Array.from({ length: 12 }, (_, index) => `<rect x="180" y="${342 + index * 30}" width="1240" height="3" fill="#bfb8a8"/>`).join('')}
      <rect x="560" y="420" width="480" height="270" fill="#f5f3ee"/>
      ${[0, 1, 2, 3].map((index) => `<rect x="572" y="${432 + index * 64}" width="456" height="54" fill="#e8e5dd"/>`).join('')}
      <rect x="260" y="420" width="200" height="150" fill="#9fc2d8"/><rect x="1140" y="420" width="200" height="150" fill="#9fc2d8"/>
      <rect y="690" width="1600" height="377" fill="#6e9a4c"/>
      <path d="M470 690H1130L1500 1067H100Z" fill="#cbc7bd"/><path d="M800 690V1067" stroke="#b3aea3" stroke-width="4"/>`,
  },
};

/** The cart's width and where its left edge and ground line go, for each framing. */
const FRAMES: Record<Framing, { width: number; centre: number; groundOffset: number }> = {
  side: { width: 1250, centre: 0.5, groundOffset: 0 },
  far: { width: 880, centre: 0.42, groundOffset: -0.05 },
  close: { width: 2500, centre: 0.2, groundOffset: 0.16 },
};

async function drawPhoto(cartSvg: string, shot: Shot): Promise<Buffer> {
  const scene = SCENES[shot.scene];
  const frame = FRAMES[shot.framing];
  const cartGround = Number(/<ellipse cx="[\d.]+" cy="([\d.]+)"/.exec(cartSvg)?.[1] ?? 352);
  const scale = frame.width / 640;
  const cartHeight = Math.round(400 * scale);
  const sized = cartSvg.replace('width="640" height="400"', `width="${frame.width}" height="${cartHeight}"`);
  let cart = sharp(Buffer.from(sized));
  if (shot.mirrored) cart = cart.flop();
  // Mirrored, the cart's front is on the left, so the framing is mirrored too.
  const left = Math.round(WIDTH * (shot.mirrored ? 1 - frame.centre : frame.centre) - frame.width / 2);
  const top = Math.round(HEIGHT * (scene.ground + frame.groundOffset) - cartGround * scale);
  // Only the part of the cart inside the picture: sharp composites nothing larger than its base.
  const visible = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    width: Math.min(frame.width, WIDTH - left) - Math.max(0, -left),
    height: Math.min(cartHeight, HEIGHT - top) - Math.max(0, -top),
  };
  const cartLayer = await cart.extract(visible).png().toBuffer();
  // The background a little soft, as a camera focused on the cart sees it.
  const background = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${scene.svg}</svg>`))
    .blur(shot.framing === 'close' ? 6 : 2.5)
    .png()
    .toBuffer();
  const vignette = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><radialGradient id="v" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`;
  return sharp(background)
    .composite([
      { input: cartLayer, left: Math.max(0, left), top: Math.max(0, top) },
      { input: Buffer.from(vignette), left: 0, top: 0 },
    ])
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

async function main() {
  const { units, problems } = parseFeedCsv(await readFile(FEED, 'utf8'), { locations: business.showrooms.map((showroom) => showroom.id) });
  if (problems.length > 0) throw new Error(`${FEED}:\n${problems.join('\n')}`);
  let written = 0;
  for (const unit of units) {
    const look = LOOKS[unit.stockNumber];
    if (!look) throw new Error(`no look for stock number ${unit.stockNumber}: add it to LOOKS`);
    if (look.shots.length !== unit.photoSources.length)
      throw new Error(`${unit.stockNumber}: the feed names ${unit.photoSources.length} photos, LOOKS draws ${look.shots.length}`);
    const illustration = await readFile(path.join(root, 'public/images/vehicles', `${look.illustration}.svg`), 'utf8');
    const cartSvg = look.paint ? repaint(illustration, look.paint) : illustration;
    for (const [index, shot] of look.shots.entries()) {
      const file = path.resolve(path.dirname(FEED), unit.photoSources[index]!);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, await drawPhoto(cartSvg, shot));
      written += 1;
    }
  }
  console.log(`wrote ${written} photos of ${units.length} units to seeds/feed-photos`);
}

await main();
