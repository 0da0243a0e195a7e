// Run by feed-state.ts in a process of its own: opens the e2e site's embedded store (DATA_DIR) beside
// the running site, as the operator commands do, and writes or removes the scheduled feed's state.
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from 'embedded-mongo';

const state = process.argv[2];
const server = await startEmbeddedMongo({ dataDir: process.env.DATA_DIR! });
const client = new MongoClient(server.uri);
try {
  const schedule = client.db('shore-golf-carts').collection<{ _id: string }>('feed_schedule');
  if (state === 'clear') {
    await schedule.deleteOne({ _id: 'feed' });
  } else {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await schedule.replaceOne(
      { _id: 'feed' },
      {
        source: 'https://feeds.dealer-systems.example/shore-golf-carts/units.csv',
        nextFetchAt: new Date(Date.now() + 3_600_000),
        leaseUntil: new Date(0),
        consecutiveFailures: 3,
        failingSince: hoursAgo(3),
        lastFailure: { at: hoursAgo(1), reason: 'the feed server answered 503 Service Unavailable' },
        lastCheck: { at: hoursAgo(1), outcome: 'failed' },
        lastImport: { at: hoursAgo(4), created: 2, updated: 5, sold: 1, unchanged: 230 },
      },
      { upsert: true },
    );
  }
} finally {
  await client.close();
  await server.close();
}
