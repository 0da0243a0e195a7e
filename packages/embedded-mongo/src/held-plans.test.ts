import { describe, expect, it } from 'vitest';
import { silentLogger } from './embedded-mongo-logger';
import type { SqliteCollection } from './sqlite-collection';
import { SqliteStore } from './sqlite-store';

// What the collection holds in memory (held-rids.ts) is only worth it if the reads it stands for
// stop: these tests watch the SQL a collection runs, not only the answers (query-pushdown.test.ts
// compares those with a scan of every document).

/** A store with the inventory's shape: facets and an order, a text index, sold units without facets. */
function inventoryStore(): { store: SqliteStore; vehicles: SqliteCollection; statements: string[] } {
  const store = SqliteStore.open({ logger: silentLogger });
  const statements: string[] = [];
  const statement = store.statement.bind(store);
  store.statement = (sql: string) => {
    statements.push(sql);
    return statement(sql);
  };
  const vehicles = store.write(() => {
    const { collection } = store.collectionForWrite('site', 'vehicles');
    collection.createIndex({ v: 2, key: { facets: 1, order: 1 }, name: 'facets_1_order_1' });
    collection.createIndex({ v: 2, key: { _fts: 'text', _ftsx: 1 }, name: 'search', weights: { name: 1 }, default_language: 'english' });
    for (let n = 0; n < 60; n += 1) {
      const sold = n % 10 === 9;
      collection.insert({
        _id: n,
        name: `${n % 3 === 0 ? 'Nomad' : 'Rover'} ${n}`,
        order: `${String(n).padStart(3, '0')}`,
        facets: sold ? [] : ['listed', `brand:${n % 2 === 0 ? 'denago' : 'evolution'}`, `category:${n % 3 === 0 ? 'nomad' : 'rover'}`],
      });
    }
    return collection;
  });
  return { store, vehicles, statements };
}

const ran = (statements: string[], part: string) => statements.filter((sql) => sql.includes(part)).length;

describe('what a collection holds for its present state', () => {
  it('reads a search’s text tables and its range once for the count and the page, and again after a write', () => {
    const { store, vehicles, statements } = inventoryStore();
    try {
      const search = { $text: { $search: '"nomad"' }, $and: [{ facets: 'listed' }] };
      const count = () => store.read(() => vehicles.countMatching(search));
      const page = () => store.read(() => vehicles.select({ filter: search, sort: { order: 1 }, limit: 3 }).map((vehicle) => vehicle._id));
      expect(count()).toBe(18);
      expect(page()).toEqual([0, 3, 6]);
      expect(count()).toBe(18);
      // The text set once; the listed range once by rid (the count) and once in key order (the page).
      expect(ran(statements, 'MATCH')).toBe(1);
      expect(ran(statements, 'group_concat(DISTINCT rid')).toBe(1);
      expect(ran(statements, 'group_concat(rid,')).toBe(1);

      store.write(() => vehicles.insert({ _id: 100, name: 'Nomad 100', order: '!first', facets: ['listed'] }));
      expect(page()).toEqual([100, 0, 3]);
      expect(count()).toBe(19);
      expect(ran(statements, 'MATCH')).toBe(2);
    } finally {
      store.close();
    }
  });

  it('answers distinct from the index’s keys for strings, and leaves to the documents what the keys cannot tell', () => {
    const { store, vehicles, statements } = inventoryStore();
    try {
      const distinct = (field: string, filter?: object) => store.read(() => vehicles.distinctInIndex(field, filter, undefined));
      const readDocuments = () => ran(statements, 'doc FROM');
      const before = readDocuments();
      expect(distinct('facets', { facets: 'listed' })).toEqual(['brand:denago', 'brand:evolution', 'category:nomad', 'category:rover', 'listed']);
      expect(readDocuments()).toBe(before);
      // The sold units' empty facets share the null bracket with a missing field: without a filter
      // that leaves them out, the keys cannot tell.
      expect(distinct('facets')).toBeUndefined();
      // Numbers' keys do not keep their BSON type; a field no index leads; a filter no index answers exactly.
      store.write(() => vehicles.createIndex({ v: 2, key: { order: 1 }, name: 'order_1' }));
      expect(distinct('order', { facets: 'listed' })).toHaveLength(54);
      store.write(() => vehicles.insert({ _id: 200, name: 'Numbered', order: 7, facets: ['listed'] }));
      expect(distinct('order')).toBeUndefined();
      expect(distinct('name')).toBeUndefined();
      expect(distinct('facets', { name: /nomad/i })).toBeUndefined();
    } finally {
      store.close();
    }
  });
});
