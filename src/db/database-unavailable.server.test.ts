import { MongoNetworkError, MongoNetworkTimeoutError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.server';

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or unreachable database', () => {
    expect(isDatabaseUnavailable(new MongoNetworkError('connection reset'))).toBe(true);
    expect(isDatabaseUnavailable(new MongoNetworkTimeoutError('timed out'))).toBe(true);
    expect(isDatabaseUnavailable(new mongoose.Error('Operation `vehicles.find()` buffering timed out after 10000ms'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: new MongoNetworkError('connection reset') }))).toBe(true);
  });

  it('recognises a failed server selection', () => {
    const error = new MongoServerSelectionError('Server selection timed out after 5000 ms', {
      type: 'Unknown',
      servers: new Map(),
      stale: false,
      compatible: true,
      heartbeatFrequencyMS: 10000,
      localThresholdMS: 15,
    } as never);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('recognises storage that cannot take a write now: a full disk, a lock held too long', () => {
    expect(isDatabaseUnavailable(new MongoServerError({ message: 'OutOfDiskSpace', code: 14031 }))).toBe(true);
    expect(isDatabaseUnavailable(new MongoServerError({ message: 'locked by another process', code: 262 }))).toBe(true);
  });

  it('leaves other errors to be answered as they are', () => {
    expect(isDatabaseUnavailable(new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('text')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
