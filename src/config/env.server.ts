import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

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
