import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** Hosts a feed may be fetched from over plain http: this machine only, where no network carries it. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * FEED_URL: https (basic auth may ride in it as user:password@), or plain http to this machine only
 * (a feed exported by a program on the same host, and the tests). No message quotes the value,
 * which can hold a password.
 */
const feedUrl = z.string().transform((value, context) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'must be an address such as https://feeds.example.com/units.csv' });
    return z.NEVER;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    context.addIssue({ code: 'custom', message: 'must be an https: address (plain http: only to 127.0.0.1 or localhost)' });
    return z.NEVER;
  }
  return url.href;
});

/** A header name as HTTP allows it, and a value on one line. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

/**
 * FEED_HEADERS: a JSON object of header names and values sent with each feed request, such as
 * {"X-Api-Key":"…"}. One line, so it fits an env file; no message quotes a value.
 */
const feedHeaders = z.string().transform((value, context) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    context.addIssue({ code: 'custom', message: 'must be a JSON object of header names and values, such as {"X-Api-Key":"…"}' });
    return z.NEVER;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    context.addIssue({ code: 'custom', message: 'must be a JSON object of header names and values, such as {"X-Api-Key":"…"}' });
    return z.NEVER;
  }
  const headers: Record<string, string> = {};
  for (const [name, headerValue] of Object.entries(parsed)) {
    if (!HEADER_NAME.test(name) || typeof headerValue !== 'string' || !HEADER_VALUE.test(headerValue)) {
      context.addIssue({ code: 'custom', message: `header ${HEADER_NAME.test(name) ? name : '(a name)'} must be a valid name with a string value on one line` });
      return z.NEVER;
    }
    headers[name] = headerValue;
  }
  return headers;
});

/** Where processed photos are kept when not in DATA_DIR/photos: a bucket and a key prefix ('' for the whole bucket). */
export interface PhotoStoreLocation {
  bucket: string;
  prefix: string;
}

const PHOTO_STORE_EXAMPLE = 'write it as s3://BUCKET or s3://BUCKET/PREFIX, for example s3://dealer-photos/site (unset: photos stay in DATA_DIR/photos)';

/**
 * PHOTO_STORE_URL: s3://bucket/prefix. The bucket name follows S3's rules (3-63 lower-case letters,
 * digits, dots and hyphens), so a typo such as s3:/bucket or https://… is refused at start rather
 * than at the first photo an import writes.
 */
const photoStoreUrl = z.string().transform((value, context): PhotoStoreLocation => {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/([\w\-./]*))?$/.exec(value);
  const prefix = match?.[2]?.replace(/^\/+|\/+$/g, '') ?? '';
  if (!match || prefix.split('/').some((part) => part === '.' || part === '..')) {
    context.addIssue({ code: 'custom', message: `is ${JSON.stringify(value)}; ${PHOTO_STORE_EXAMPLE}` });
    return z.NEVER;
  }
  return { bucket: match[1]!, prefix };
});

/** An http(s) address without a query or fragment, kept without its trailing slash. */
const baseAddress = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) address such as ${example}` })
    .refine((value) => !/[?#]/.test(value), `must be an http(s) address without ? or #, such as ${example}`)
    .transform((value) => value.replace(/\/+$/, ''));

/** Every environment variable the application reads, with its default. The README mirrors this. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://www.example.com' })
      .transform((value) => new URL(value).origin)
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
      .optional(),
    DATA_DIR: z.string().min(1).default('var/data'),
    /** Start with an empty embedded database although DATA_DIR shows it held one (the refusal says what it found). */
    DATA_START_EMPTY: booleanFlag.default(false),
    /** Hours between the backups the site makes of the embedded database itself; unset: none (npm run db:backup by hand or from cron). */
    BACKUP_INTERVAL_HOURS: positiveInt.max(24 * 30).optional(),
    /** How many of those scheduled backups to keep; the oldest go. */
    BACKUP_KEEP: positiveInt.max(1000).default(7),
    MAIL_DIR: z.string().min(1).default('var/mail'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    /** Unset: the business name and e-mail from the business file. */
    MAIL_FROM: z.string().min(3).optional(),
    /** Unset: the business e-mail from the business file. */
    INQUIRY_TO: z.email({ error: 'must be an e-mail address' }).optional(),
    CRM_ADF_TO: z.email({ error: 'must be an e-mail address' }).optional(),
    MAIL_RETRY_DAYS: positiveInt.max(30).default(3),
    MAIL_LEASE_SECONDS: positiveInt.min(2).max(3600).default(300),
    TRUST_PROXY: z.string().min(1).optional(),
    CONTACT_RATE_LIMIT: positiveInt.default(5),
    CONTACT_RATE_WINDOW_SECONDS: positiveInt.default(600),
    VITALS_RATE_LIMIT: positiveInt.default(60),
    /** Inventory searches (the page or GET /api/inventory with a search) per client address per minute. */
    SEARCH_RATE_LIMIT: positiveInt.default(60),
    /** The dealer's facts (name, phones, showrooms, hours, promotions); unset: the shipped seeds/business.json. */
    BUSINESS_FILE: z.string().min(1).optional(),
    SEED_CATALOG: booleanFlag.default(true),
    /** Feed photos from plain http: addresses too (a dealer server without a certificate); https: only by default. */
    FEED_PHOTOS_ALLOW_HTTP: booleanFlag.default(false),
    /** The dealer's feed, fetched on a schedule by one instance at a time; unset: imported by hand (npm run catalog:import). */
    FEED_URL: feedUrl.optional(),
    /** Headers sent with each feed request (a JSON object); never logged. */
    FEED_HEADERS: feedHeaders.optional(),
    /** Minutes between two fetches of FEED_URL. */
    FEED_INTERVAL_MINUTES: positiveInt.max(7 * 24 * 60).default(60),
    /** FEED_URL lists every unit the dealer has: units it leaves out are marked sold (as catalog:import --full). */
    FEED_FULL: booleanFlag.default(false),
    /** Processed photos in an S3-compatible bucket (s3://bucket/prefix); unset: DATA_DIR/photos. Credentials and region: the AWS SDK's own variables. */
    PHOTO_STORE_URL: photoStoreUrl.optional(),
    /** An S3-compatible server other than AWS (MinIO, moto…); read by the AWS SDK itself, checked here, and it turns on path-style addresses. */
    AWS_ENDPOINT_URL_S3: baseAddress('http://127.0.0.1:9000').optional(),
    /** Where pages point for photos (a CDN, or the bucket's public address with its prefix); unset: the site serves them at /photos. */
    PHOTO_BASE_URL: baseAddress('https://photos.example.com/site').optional(),
  })
  .refine((env) => !(env.MONGODB_URI && env.BACKUP_INTERVAL_HOURS), {
    path: ['BACKUP_INTERVAL_HOURS'],
    error: 'scheduled backups copy the embedded database; with MONGODB_URI set, back that MongoDB up with its own tools',
  })
  // Unset, the public origin is this machine on the port the server listens on.
  .transform((env) => ({ ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? defaultPublicOrigin(env.PORT) }));

/** PUBLIC_ORIGIN when it is unset: this machine on the server's port. */
export function defaultPublicOrigin(port: number): string {
  return `http://localhost:${port}`;
}

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start; every bad variable is reported on its own line. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as operators expect from `FOO=` in an env file.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}
