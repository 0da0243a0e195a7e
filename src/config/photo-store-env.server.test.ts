import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env.server';

/** The one line loadEnv gives for a bad configuration. */
function problemsOf(source: NodeJS.ProcessEnv): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the photo store settings', () => {
  it('keep photos in DATA_DIR/photos and pages on the site unless PHOTO_STORE_URL and PHOTO_BASE_URL say otherwise', () => {
    const env = loadEnv({});
    expect(env.PHOTO_STORE_URL).toBeUndefined();
    expect(env.PHOTO_BASE_URL).toBeUndefined();
  });

  it('read s3://bucket and s3://bucket/prefix (a trailing slash is not part of the prefix)', () => {
    expect(loadEnv({ PHOTO_STORE_URL: 's3://dealer-photos' }).PHOTO_STORE_URL).toEqual({ bucket: 'dealer-photos', prefix: '' });
    expect(loadEnv({ PHOTO_STORE_URL: 's3://dealer-photos/site/units/' }).PHOTO_STORE_URL).toEqual({ bucket: 'dealer-photos', prefix: 'site/units' });
  });

  it('refuse a store address that is not s3://bucket/prefix with one line that says what to write', () => {
    for (const value of ['https://dealer-photos.s3.amazonaws.com', 's3:/dealer-photos', 's3://Dealer_Photos', 's3://dealer-photos/../other', 'dealer-photos']) {
      expect(problemsOf({ PHOTO_STORE_URL: value })).toEqual([
        `PHOTO_STORE_URL: is ${JSON.stringify(value)}; write it as s3://BUCKET or s3://BUCKET/PREFIX, for example s3://dealer-photos/site (unset: photos stay in DATA_DIR/photos)`,
      ]);
    }
  });

  it('take PHOTO_BASE_URL and AWS_ENDPOINT_URL_S3 as http(s) addresses without a trailing slash, and refuse others', () => {
    const env = loadEnv({ PHOTO_BASE_URL: 'https://cdn.example.com/photos/', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000/' });
    expect(env.PHOTO_BASE_URL).toBe('https://cdn.example.com/photos');
    expect(env.AWS_ENDPOINT_URL_S3).toBe('http://127.0.0.1:9000');
    expect(problemsOf({ PHOTO_BASE_URL: 'cdn.example.com', AWS_ENDPOINT_URL_S3: 'ftp://store' })).toEqual([
      'AWS_ENDPOINT_URL_S3: must be an http(s) address such as http://127.0.0.1:9000',
      'PHOTO_BASE_URL: must be an http(s) address such as https://photos.example.com/site',
    ]);
    expect(problemsOf({ PHOTO_BASE_URL: 'https://cdn.example.com/photos?v=1' })).toEqual([
      'PHOTO_BASE_URL: must be an http(s) address without ? or #, such as https://photos.example.com/site',
    ]);
  });
});
