import { describe, expect, it } from 'vitest';
import { filterFields, projectionFields, sortedFields } from './fields-read';
import { CARD_PROJECTION } from '../test/card-projection';

const CARD = CARD_PROJECTION;

const fields = (...names: string[]) => new Set(names);

describe('projectionFields', () => {
  it('reads the fields a card keeps and takes elements of, and not _id when it is dropped', () => {
    expect(projectionFields(CARD, '$project')).toEqual(fields('id', 'slug', 'name', 'description', 'brand', 'category', 'price', 'images', 'is_new', 'unit'));
  });

  it('reads _id unless the projection drops it', () => {
    expect(projectionFields({ name: 1, 'a.b.c': true }, '$project')).toEqual(fields('_id', 'name', 'a'));
    expect(projectionFields({ _id: 1, name: 1 }, 'find')).toEqual(fields('_id', 'name'));
  });

  it('leaves every other projection to a whole document', () => {
    for (const projection of [
      undefined,
      {},
      { _id: 0 },
      { _id: 1 },
      { name: 0 },
      { name: 1, other: 0 },
      { name: '$slug' },
      { name: 2 },
      { name: { $concat: ['$a', '$b'] } },
      { first: { $slice: ['$$ROOT.images', 1] } },
      { first: { $slice: ['$images', 1, 2] } },
      { first: { $slice: ['$images', 1.5] } },
      { first: { $arrayElemAt: ['images', 0] } },
      { 'images.$': 1 },
      { $name: 1 },
      { 'a..b': 1 },
      { _id: '$slug', name: 1 },
      { nested: { a: 1 } },
    ]) {
      expect(projectionFields(projection, '$project'), JSON.stringify(projection)).toBeUndefined();
    }
  });

  it("takes elements by $slice and $arrayElemAt only in $project: a find's { $slice } is its own operator", () => {
    expect(projectionFields({ images: { $slice: ['$images', 1] } }, 'find')).toBeUndefined();
    expect(projectionFields({ images: { $slice: 1 } }, 'find')).toBeUndefined();
    expect(projectionFields({ images: { $elemMatch: { a: 1 } } }, 'find')).toBeUndefined();
  });
});

describe('filterFields', () => {
  it("reads each condition's field, through $and, $or and $nor", () => {
    expect(filterFields(undefined)).toEqual(fields());
    expect(filterFields({})).toEqual(fields());
    expect(
      filterFields({
        'unit.status': { $ne: 'sold' },
        $and: [{ facets: 'listed' }, { facets: { $in: ['brand:denago'] } }],
        $or: [{ price: { $gte: 1, $lt: 5 } }, { price: null }, { name: /rover/i }],
        $nor: [{ tags: { $all: ['a', { $elemMatch: { $gt: 1 } }] } }, { size: { $size: 0 } }],
        photos: { $elemMatch: { hash: 'h', $expr: { $eq: ['$hash', 'h'] } } },
        year: { $not: { $gt: 2025 } },
        slug: { $not: /^x/ },
        spec: { range: '50 mi' },
        flags: { $bitsAllSet: 3, $exists: true, $type: 'int' },
      }),
    ).toEqual(fields('unit', 'facets', 'price', 'name', 'tags', 'size', 'photos', 'year', 'slug', 'spec', 'flags'));
  });

  it('leaves a filter that may read other fields, or that only the store answers, to a whole document', () => {
    for (const filter of [
      { $expr: { $eq: ['$a', '$b'] } },
      { $where: 'this.a === 1' },
      { $jsonSchema: { required: ['a'] } },
      { $text: { $search: 'nomad' } },
      { $comment: 'why', a: 1 },
      { a: { $expr: { $eq: ['$b', 1] } } },
      { a: { $not: { $expr: { $eq: ['$b', 1] } } } },
      { a: { $eq: 1, $where: 'this.b' } },
      { a: { $geoWithin: { $center: [[0, 0], 1] } } },
      { $or: [{ a: 1 }, { $expr: true }] },
      { $and: 'not a list' },
      { $and: [5] },
      { 'a.$': 1 },
    ]) {
      expect(filterFields(filter), JSON.stringify(filter)).toBeUndefined();
    }
  });
});

describe('sortedFields', () => {
  it('reads the fields sorted by', () => {
    expect(sortedFields(undefined)).toEqual(fields());
    expect(sortedFields({ order: 1, 'unit.status': -1, _id: 1 })).toEqual(fields('order', 'unit', '_id'));
  });

  it('leaves $natural, $meta and other directions to a whole document', () => {
    expect(sortedFields({ $natural: 1 })).toBeUndefined();
    expect(sortedFields({ score: { $meta: 'textScore' } })).toBeUndefined();
    expect(sortedFields({ order: 'asc' })).toBeUndefined();
  });
});
