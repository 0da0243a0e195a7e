import type { Document } from 'bson';
import type { CommandContext, CommandTable } from './command-context';
import { maxMessageSizeBytes } from './wire-message-reader';

// MongoDB 7.0. The driver needs at least 8 and enables features by this number.
const maxWireVersion = 21;
const serverVersion = '7.0.0';
const startedAt = Date.now();

/**
 * The handshake reply. It leaves out `compression` (so the driver never sends OP_COMPRESSED),
 * `saslSupportedMechs` (no auth) and `topologyVersion` (so the driver polls with plain hello
 * instead of streaming awaitable hellos), and describes a standalone server.
 */
function hello(context: CommandContext, legacyName: boolean): Document {
  return {
    helloOk: true,
    [legacyName ? 'ismaster' : 'isWritablePrimary']: true,
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: context.connectionId,
    minWireVersion: 0,
    maxWireVersion,
    readOnly: false,
    ok: 1,
  };
}

function buildInfo(): Document {
  return {
    version: serverVersion,
    gitVersion: 'embedded',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: 16 * 1024 * 1024,
    storageEngines: ['embedded'],
    javascriptEngine: 'none',
    modules: [],
    ok: 1,
  };
}

function listDatabases(context: CommandContext): Document {
  const nameOnly = context.command.nameOnly === true;
  const databases = context.storage.databaseNames().map((name) => {
    if (nameOnly) return { name };
    const collections = context.storage.collectionsOf(name);
    return { name, sizeOnDisk: 0, empty: collections.every((collection) => collection.size === 0) };
  });
  return { databases, totalSize: 0, totalSizeMb: 0, ok: 1 };
}

function dbStats(context: CommandContext): Document {
  const collections = context.storage.collectionsOf(context.db);
  return {
    db: context.db,
    collections: collections.length,
    views: 0,
    objects: collections.reduce((total, collection) => total + collection.size, 0),
    indexes: collections.reduce((total, collection) => total + collection.indexes.length, 0),
    ok: 1,
  };
}

const acknowledged = (): Document => ({ ok: 1 });

export const adminCommands: CommandTable = {
  hello: (context) => hello(context, false),
  isMaster: (context) => hello(context, true),
  ismaster: (context) => hello(context, true),
  ping: acknowledged,
  buildInfo,
  buildinfo: buildInfo,
  endSessions: acknowledged,
  killSessions: acknowledged,
  killAllSessions: acknowledged,
  refreshSessions: acknowledged,
  listDatabases,
  dbStats,
  connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  getParameter: (context) => (context.command.featureCompatibilityVersion ? { featureCompatibilityVersion: { version: '7.0' }, ok: 1 } : { ok: 1 }),
  serverStatus: () => ({
    host: 'embedded',
    version: serverVersion,
    process: 'embedded-mongo',
    pid: process.pid,
    uptime: Math.floor((Date.now() - startedAt) / 1000),
    localTime: new Date(),
    ok: 1,
  }),
};
