import { Aggregator, ProcessingMode } from 'mingo';
import { Decimal128, Long, ObjectId, type Document } from 'bson';
import { describe, expect, it } from 'vitest';
import { compileSimpleProjection } from './simple-projection';
import { runPipeline } from './aggregation-pipeline';

/** What mingo's own $project gives for one document, or the error it throws. */
function mingoProject(spec: Document, document: Document): Document | string {
  try {
    return new Aggregator([{ $project: spec }], { processingMode: ProcessingMode.CLONE_OFF }).run([document])[0]!;
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

/** The inventory card's projection (services/inventory/inventory-vehicle.ts), as the site sends it. */
const CARD = {
  _id: 0,
  id: 1,
  slug: 1,
  price: 1,
  images: { $slice: ['$images', 1] },
  'unit.brandName': 1,
  'unit.condition': 1,
  firstPhoto: { $arrayElemAt: ['$unit.photos', 0] },
};

/** Each spec, and how many of DOCUMENTS it answers itself (the rest have what only mingo decides: a $slice of no array). */
const SPECS: Array<[Document, number]> = [
  [CARD, 7],
  [{ id: 1, 'a.b.c': 1, 'a.b.d': true, last: { $arrayElemAt: ['$list', -1] }, tail: { $slice: ['$list', -2] } }, 3],
  [{ _id: 1, name: 1, none: { $slice: ['$list', 0] }, far: { $arrayElemAt: ['$list', 7] } }, 4],
];

// Each shape reaches a branch: a field missing, null, a scalar or a document where a document is
// expected, arrays on the way to a kept field, special BSON values, arrays too short.
const DOCUMENTS: Document[] = [
  { _id: new ObjectId(), id: 'a', slug: 's', price: 100, images: ['x', 'y'], unit: { brandName: 'B', condition: 'used', photos: [{ p: 1 }, { p: 2 }], status: 'sold' } },
  { _id: 2, id: 'b', images: [] },
  { _id: 3, id: 'c', images: ['x'], unit: null },
  { _id: 4, id: 'd', images: ['x'], unit: { photos: [] } },
  { _id: 5, id: 'e', images: ['x'], unit: { other: 1 } },
  { _id: 6, id: 'f', images: ['x'], unit: 'a scalar' },
  { _id: 7, images: ['x'], unit: [{ brandName: 'X', photos: [1] }, 5, { condition: 'new' }] },
  { _id: 8, id: 'h', images: 'not an array', unit: { photos: 'nor this' } },
  { _id: 9, id: 'i', images: null, price: null },
  { _id: 10, id: 'j', images: ['x'], price: new Long(5), unit: { brandName: new Decimal128('1.5'), photos: [null] } },
  { _id: 11, id: 'k', images: ['x'], unit: new Date(0) },
  { id: 'l', name: 'no _id', list: [1, 2, 3], a: { b: { c: 1, e: 2 } } },
  { _id: 13, list: [], a: { b: [{ c: 1 }, { d: 2 }] } },
  { _id: 14, list: [9], a: { b: 'scalar' }, name: null },
  { _id: 15, list: null, a: null },
  { _id: 16, a: { b: { d: [1, 2] } }, list: [{ deep: [1] }, 'two'] },
];

describe('compileSimpleProjection', () => {
  it.each(SPECS.map(([spec, answers]) => [Object.keys(spec).join(', '), spec, answers] as const))(
    'projects every document as mingo does, or leaves it to mingo: %s',
    (_, spec, answers) => {
      const project = compileSimpleProjection(spec)!;
      expect(project).toBeTypeOf('function');
      let answered = 0;
      for (const document of DOCUMENTS) {
        const fast = project(document);
        if (fast === undefined) continue;
        answered += 1;
        expect(fast, JSON.stringify(document)).toEqual(mingoProject(spec, document));
      }
      // The common shapes are answered here, not all handed back.
      expect(answered).toBe(answers);
    },
  );

  it('hands back to mingo what it cannot be sure about, and mingo answers those', () => {
    const project = compileSimpleProjection(CARD)!;
    // An array on the way to a kept field; $slice over a value that is not an array (mingo refuses it).
    expect(project({ id: 'x', images: ['x'], unit: [{ brandName: 'B' }] })).toBeUndefined();
    expect(project({ id: 'x', images: 'one' })).toBeUndefined();
    expect(mingoProject(CARD, { id: 'x', images: 'one' })).toMatch(/^error: /);
  });

  it('compiles only the plain kind of stage', () => {
    for (const spec of [
      { name: 0 },
      { _id: 0 },
      { a: 1, 'a.b': 1 },
      { a: 1, a2: { $slice: ['$a', 1, 2] } },
      { a: { $slice: ['$$ROOT.a', 1] } },
      { a: { $concat: ['$b', 'c'] } },
      { 'a.$': 1 },
      { a: 'literal' },
      { 'unit.brandName': 1, unit: { $arrayElemAt: ['$x', 0] } },
      // Names every object answers to: a stored document does not hold them unless it says so.
      { constructor: 1 },
      { 'a.__proto__': 1 },
      { first: { $arrayElemAt: ['$toString', 0] } },
    ]) {
      expect(compileSimpleProjection(spec), JSON.stringify(spec)).toBeUndefined();
    }
  });
});

describe('runPipeline with a plain $project', () => {
  it('gives mingo’s answers, also for the documents handed back and for the stages after it', () => {
    const documents = DOCUMENTS.filter((document) => Array.isArray(document.images));
    const pipeline = [{ $project: CARD }, { $match: { id: { $ne: 'b' } } }];
    const expected = new Aggregator(pipeline, { processingMode: ProcessingMode.CLONE_OFF }).run(documents);
    expect(runPipeline(documents, pipeline, { resolveCollection: () => [] })).toEqual(expected);
  });
});
