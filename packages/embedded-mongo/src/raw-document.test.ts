import { Double, Int32, Long, calculateObjectSize, deserialize, serialize, type Document } from 'bson';
import { describe, expect, it } from 'vitest';
import { CursorRegistry } from './cursor-registry';
import { RawDocument, encodeReply, sizeWithRaw } from './raw-document';

const stored = (document: Document) => new RawDocument(Buffer.from(serialize(document)));
/** What a raw document holds, decoded without changing a type, so that it encodes to its bytes again. */
const asDocument = (raw: RawDocument) => deserialize(raw.bytes, { promoteValues: false, promoteLongs: false });

describe('a reply holding raw documents', () => {
  const cards = [stored({ id: 'a', price: new Double(16000), images: ['x'] }), stored({ id: 'b', price: new Int32(5), unit: { status: 'sold' } }), stored({})];

  it("is the BSON the same reply of decoded documents is: a cursor's batch, and a $facet's document in one", () => {
    const registry = new CursorRegistry();
    const pages = [
      registry.open('db.vehicles', cards, { raw: true }),
      registry.open('db.vehicles', [{ count: [{ n: new Int32(3) }], page: cards, total: Long.fromNumber(3) }], { raw: true }),
    ];
    const decoded = [
      registry.open('db.vehicles', cards.map(asDocument)),
      registry.open('db.vehicles', [{ count: [{ n: new Int32(3) }], page: cards.map(asDocument), total: Long.fromNumber(3) }]),
    ];
    for (const [index, reply] of pages.entries()) {
      const bytes = encodeReply(reply);
      expect(Buffer.from(bytes).equals(Buffer.from(serialize(decoded[index]!)))).toBe(true);
      const firstBatch = (reply.cursor as { firstBatch: Document[] }).firstBatch;
      expect(firstBatch.map(sizeWithRaw)).toEqual((decoded[index]!.cursor as { firstBatch: Document[] }).firstBatch.map((document) => calculateObjectSize(document)));
    }
    registry.close();
  });

  it('keeps the rest of a batch for getMore, raw', () => {
    const registry = new CursorRegistry();
    const reply = registry.open('db.vehicles', cards, { raw: true, batchSize: 1 });
    const { id } = reply.cursor as { id: Long };
    expect(deserialize(encodeReply(reply)).cursor.firstBatch).toEqual([{ id: 'a', price: 16000, images: ['x'] }]);
    const more = registry.getMore(id, 'db.vehicles', undefined);
    expect(deserialize(encodeReply(more)).cursor.nextBatch).toEqual([{ id: 'b', price: 5, unit: { status: 'sold' } }, {}]);
    registry.close();
  });

  it('is encoded by bson alone when it holds none', () => {
    const reply = { cursor: { firstBatch: [{ a: 1 }], id: Long.ZERO, ns: 'db.c' }, ok: 1 };
    expect(Buffer.from(encodeReply(reply)).equals(Buffer.from(serialize(reply)))).toBe(true);
  });
});
