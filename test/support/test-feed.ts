import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import shippedBusiness from '../../seeds/business.json';
import { CatalogImportError } from '../../services/catalog-import-error';

/** The columns of a dealer feed, in the README's order (photos last). */
export const FEED_HEADER = 'stock_number,serial_number,year,brand,model,name,condition,category,price,seats,color,hours,location,status,description,features,photos';

/**
 * Three units of a small feed: a used Club Car at Bayville with two photos, a certified Tomberlin
 * LSV at Waretown with one, and a used E-Z-GO without photos (its model illustration stands in).
 */
export const TEST_FEED_ROWS = {
  onward:
    'T100,PH2131-283475,2021,Club Car,Onward 4 Passenger,,used,onward,9495,4,Silver,312,bayville,available,,Flip-flop rear seat|LED lights,photos/t100-1.jpg|photos/t100-2.png',
  emerge: 'T200,1T9EM4E20NS000418,2022,Tomberlin,Emerge E4,,certified,emerge,11495,4,Electric Blue,,waretown,available,,Street-legal LSV,photos/t200-1.jpg',
  rxv: 'T300,5578214,2020,E-Z-GO,RXV Elite 2 Passenger,,used,rxv,6995,2,Black,540,waretown,pending,,,',
};

export const csvOf = (...rows: string[]) => `${[FEED_HEADER, ...rows].join('\r\n')}\r\n`;

/** A photo the test draws: a plain colored picture, small enough to process in a moment. */
async function drawPhoto(file: string, color: string, width = 640, height = 427) {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  await writeFile(file, file.endsWith('.png') ? await image.png().toBuffer() : await image.jpeg().toBuffer());
}

/** Writes the test feed's photos into `folder`/photos, where its rows name them. */
export async function writeTestFeedPhotos(folder: string): Promise<void> {
  await mkdir(path.join(folder, 'photos'), { recursive: true });
  await drawPhoto(path.join(folder, 'photos', 't100-1.jpg'), '#9aa3ad');
  await drawPhoto(path.join(folder, 'photos', 't100-2.png'), '#6f7780');
  await drawPhoto(path.join(folder, 'photos', 't200-1.jpg'), '#1f6fa3');
}

/** A feed file in `folder` with the given rows. */
export async function writeTestFeed(folder: string, name: string, ...rows: string[]): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, csvOf(...rows));
  return file;
}

/** The showroom ids a test feed's location may name: the shipped business file's. */
export const TEST_FEED_LOCATIONS: readonly string[] = shippedBusiness.showrooms.map((showroom) => showroom.id);

/** The problems an import was refused with; fails the test when it was not refused. */
export async function refusal(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!(error instanceof CatalogImportError)) throw new Error(`expected the import to be refused, got ${String(error)}`);
  return error.problems;
}
