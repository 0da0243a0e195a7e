import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env.server';

describe('loadEnv', () => {
  it('starts with safe defaults when nothing is configured', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_ORIGIN).toBe('http://localhost:3000');
    expect(env.MONGODB_URI).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.BUSINESS_FILE).toBeUndefined();
    // A lost database is refused at start unless the operator chooses to start empty.
    expect(env.DATA_START_EMPTY).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadEnv({ MONGODB_URI: '', PORT: '' }).PORT).toBe(3000);
  });

  it('refuses a bad configuration with one readable line per bad variable', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', PUBLIC_ORIGIN: 'ftp://example.com', INQUIRY_TO: 'not-an-address', MONGODB_URI: 'postgres://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual(['INQUIRY_TO', 'MONGODB_URI', 'PORT', 'PUBLIC_ORIGIN']);
    expect((error as Error).message.split('\n')).toHaveLength(5);
  });

  it('takes scheduled backups only for the embedded database', () => {
    expect(loadEnv({}).BACKUP_INTERVAL_HOURS).toBeUndefined();
    expect(loadEnv({ BACKUP_INTERVAL_HOURS: '24' })).toMatchObject({ BACKUP_INTERVAL_HOURS: 24, BACKUP_KEEP: 7 });
    expect(() => loadEnv({ BACKUP_INTERVAL_HOURS: '24', MONGODB_URI: 'mongodb://db.example.com/site' })).toThrow(
      /BACKUP_INTERVAL_HOURS: scheduled backups copy the embedded database/,
    );
    expect(() => loadEnv({ BACKUP_KEEP: '0' })).toThrow(ConfigError);
  });

  it('without PUBLIC_ORIGIN, takes this machine on the configured port as the public origin', () => {
    expect(loadEnv({ PORT: '4341' }).PUBLIC_ORIGIN).toBe('http://localhost:4341');
    expect(loadEnv({ PORT: '4341', PUBLIC_ORIGIN: 'https://www.example.com' }).PUBLIC_ORIGIN).toBe('https://www.example.com');
  });

  it('keeps only the origin of PUBLIC_ORIGIN', () => {
    expect(loadEnv({ PUBLIC_ORIGIN: 'https://www.example.com/some/path' }).PUBLIC_ORIGIN).toBe('https://www.example.com');
  });

  it('takes a scheduled feed over https, or plain http to this machine only, and never quotes its secrets', () => {
    expect(loadEnv({}).FEED_URL).toBeUndefined();
    expect(loadEnv({})).toMatchObject({ FEED_INTERVAL_MINUTES: 60, FEED_FULL: false });
    expect(loadEnv({ FEED_URL: 'https://user:pw@feeds.example.com/units.csv', FEED_INTERVAL_MINUTES: '15', FEED_FULL: 'true' })).toMatchObject({
      FEED_URL: 'https://user:pw@feeds.example.com/units.csv',
      FEED_INTERVAL_MINUTES: 15,
      FEED_FULL: true,
    });
    expect(loadEnv({ FEED_URL: 'http://127.0.0.1:8080/units.csv' }).FEED_URL).toBe('http://127.0.0.1:8080/units.csv');
    expect(() => loadEnv({ FEED_URL: 'http://user:hunter2@feeds.example.com/units.csv' })).toThrow(/FEED_URL: must be an https: address/);
    expect(() => loadEnv({ FEED_URL: 'http://user:hunter2@feeds.example.com/units.csv' })).not.toThrow(/hunter2/);
    expect(loadEnv({ FEED_HEADERS: '{"X-Api-Key":"k-123"}' }).FEED_HEADERS).toEqual({ 'X-Api-Key': 'k-123' });
    expect(() => loadEnv({ FEED_HEADERS: 'X-Api-Key: k-123' })).toThrow(/FEED_HEADERS: must be a JSON object/);
    expect(() => loadEnv({ FEED_HEADERS: 'X-Api-Key: k-123' })).not.toThrow(/k-123/);
    expect(() => loadEnv({ FEED_HEADERS: '{"X-Api-Key":"k-123\\r\\nX: y"}' })).toThrow(/FEED_HEADERS: header X-Api-Key must be/);
  });
});
