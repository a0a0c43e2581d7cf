import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { type OnchainWatchConfig, parseOnchainWatch } from './chain/onchain-config.ts';
import { openGeoIp } from './geoip/geoip.ts';
import { MmdbError } from './geoip/mmdb-reader.ts';
import { isUsableSecret, TOTP_MIN_SECRET_LENGTH } from './security/totp.ts';

/** A configuration problem a person can fix: the message names the variable and what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = (protocols: readonly string[], example: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
        message: `must be a URL like ${example}`,
      })
      .optional(),
  );

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['production', 'development', 'test']).default('development'),
  ),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://portal.example.com'),
  DATA_DIR: optionalString,
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/portal'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587'),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Portal <no-reply@localhost>')),
  APP_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().min(8, 'must be 8 to 30 characters').max(30, 'must be 8 to 30 characters').optional(),
  ),
  ADMIN_TOTP_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(isUsableSecret, `must be base32 (A-Z, 2-7) of at least ${TOTP_MIN_SECRET_LENGTH} characters`)
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  CAPTCHA_TEST_CODE: optionalString,
  EXCHANGE_TEST_BASE_URL: optionalUrl(['http:', 'https:'], 'http://127.0.0.1:9000'),
  TRADER_SYNC: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  ),
  LEVEL_WATCH: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  ),
  MEDIA_POLL: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  ),
  MEMBERSHIP_REMINDERS: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  ),
  MEMBERSHIP_CONTACT: z.preprocess(
    (value) => (typeof value === 'string' ? emptyAsUndefined(value.trim()) : value),
    z.string().max(200, 'must be at most 200 characters').optional(),
  ),
  ONCHAIN_WATCH: optionalString,
  ONCHAIN_WATCH_RUN: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  ),
  IMAGE_FETCH_ALLOW_LOOPBACK: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  ),
  IMAGE_FETCH_CA: optionalString,
  FEED_FETCH_ALLOW_LOOPBACK: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  ),
  METRICS_TOKEN: optionalString,
  GEOIP_DATABASE: optionalString,
  AUTH_RATE_LIMIT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a whole number of requests per minute (1 to 100000)' })
      .int('must be a whole number of requests per minute (1 to 100000)')
      .min(1, 'must be a whole number of requests per minute (1 to 100000)')
      .max(100_000, 'must be a whole number of requests per minute (1 to 100000)')
      .default(20),
  ),
  MAIL_RETENTION_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a whole number of days (1 to 365)' })
      .int('must be a whole number of days (1 to 365)')
      .min(1, 'must be a whole number of days (1 to 365)')
      .max(365, 'must be a whole number of days (1 to 365)')
      .default(7),
  ),
  ACCESS_TOKEN_TTL: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a number of seconds between 10 and 3600' })
      .int('must be a number of seconds between 10 and 3600')
      .min(10, 'must be a number of seconds between 10 and 3600')
      .max(3600, 'must be a number of seconds between 10 and 3600')
      .default(300),
  ),
});

export type Config = {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sent mail is deleted from the outbox this many days after (its body is cleared at once). */
  mailRetentionDays: number;
  appSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** The first administrator's authenticator secret (base32), provisioned at creation. */
  adminTotpSecret: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean | number | string;
  captchaTestCode: string | undefined;
  /**
   * One origin that stands in for every Binance host (futures REST, the spot host's key restrictions and the
   * user-data WebSocket): the tests' loopback fake exchange (server/test/binance-fake.ts). Refused in
   * production, where the exchange's own hosts are always used.
   */
  exchangeTestBaseUrl: string | undefined;
  /**
   * Whether this process follows traders' exchange accounts (server/trading/sync/) and checks keys by
   * itself after they are saved. On by default, off by default when NODE_ENV=test (no exchange to call).
   */
  traderSync: boolean;
  /**
   * Whether this process watches the live price of the symbols with watched level sets and records their
   * crossings (server/market/level-watch.ts; every process may, a crossing is recorded once). On by default,
   * off by default when NODE_ENV=test.
   */
  levelWatch: boolean;
  /**
   * Whether this process reads the media sources that are due (server/feeds/media-poller.ts; any number of
   * processes may, each source is read by one at a time). On by default, off by default when NODE_ENV=test.
   */
  mediaPoll: boolean;
  /**
   * Whether this process sweeps for members whose membership ends within 7 days or 1 day and reminds them
   * (server/membership/reminder-sweep.ts; every process may, each reminder is recorded and mailed once). On by
   * default, off by default when NODE_ENV=test.
   */
  membershipReminders: boolean;
  /**
   * Whom members contact to renew (or people to become members): an e-mail address, a web address or a short
   * text, shown in the membership notices and reminder mails. Undefined: they are told to contact customer
   * service, with no address.
   */
  membershipContact: string | undefined;
  /**
   * On-chain monitoring's watcher (server/chain/onchain-watcher.ts): the chains, RPC addresses, tokens and
   * thresholds of ONCHAIN_WATCH (server/chain/onchain-config.ts); undefined when it is not set.
   */
  onchainWatch: OnchainWatchConfig | undefined;
  /**
   * Whether this process follows the chains of onchainWatch (each chain is followed by one process at a
   * time). On by default, off by default when NODE_ENV=test.
   */
  onchainWatchRun: boolean;
  /**
   * Copying images of other sites (services/external-images.ts): loopback addresses and an extra trusted
   * certificate authority are for the tests' image server only, and refused in production.
   */
  imageFetch: { allowLoopback: boolean; ca: string | undefined };
  /**
   * Reading media feeds (server/feeds/media-poller.ts): loopback addresses are for the tests' feed server
   * only, and refused in production (private and link-local addresses are never read).
   */
  feedFetch: { allowLoopback: boolean };
  metricsToken: string | undefined;
  /**
   * A MaxMind DB file (GeoLite2 City or Country) giving the approximate region of sign-ins; checked at start
   * (server/geoip/geoip.ts). Undefined: every region is unknown.
   */
  geoipDatabase: string | undefined;
  /** Requests per minute per client address for each sign-in, registration and recovery call. */
  authRateLimitPerMinute: number;
  /** Lifetime of API access tokens (5 minutes by default; tests shorten it to prove silent renewal). */
  accessTokenTtlSeconds: number;
};

type Env = Record<string, string | undefined>;

/** Variables whose values are never repeated in an error (logs keep errors): only their length is. */
const SECRET_VARIABLES = new Set(['APP_SECRET', 'ADMIN_PASSWORD', 'ADMIN_TOTP_SECRET', 'METRICS_TOKEN']);

/** One error naming every bad variable with what it was given (secrets: only their length). */
function invalidConfiguration(error: z.ZodError, env: Env): ConfigError {
  const problems = error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const value = env[name] ?? '';
    return SECRET_VARIABLES.has(name)
      ? `${name} ${issue.message} (got ${value.length} characters)`
      : `${name} ${issue.message} (got ${JSON.stringify(value)})`;
  });
  return new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** Reads and checks the environment. Throws ConfigError naming the first bad variables. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error, env);
  const e = parsed.data;
  if (e.CAPTCHA_TEST_CODE && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: CAPTCHA_TEST_CODE must not be set when NODE_ENV=production',
    );
  }
  if (e.EXCHANGE_TEST_BASE_URL && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: EXCHANGE_TEST_BASE_URL points the portal at a test exchange and must not be set when NODE_ENV=production',
    );
  }
  for (const name of ['IMAGE_FETCH_ALLOW_LOOPBACK', 'IMAGE_FETCH_CA'] as const) {
    if (e.NODE_ENV === 'production' && env[name] && env[name] !== 'false') {
      throw new ConfigError(
        `Invalid configuration: ${name} points the portal at a test image server and must not be set when NODE_ENV=production`,
      );
    }
  }
  if (e.NODE_ENV === 'production' && e.FEED_FETCH_ALLOW_LOOPBACK === 'true') {
    throw new ConfigError(
      'Invalid configuration: FEED_FETCH_ALLOW_LOOPBACK lets feeds be read from this machine and must not be set when NODE_ENV=production',
    );
  }
  let imageFetchCa: string | undefined;
  if (e.IMAGE_FETCH_CA) {
    try {
      imageFetchCa = readFileSync(path.resolve(cwd, e.IMAGE_FETCH_CA), 'utf8');
    } catch {
      throw new ConfigError(
        `Invalid configuration: IMAGE_FETCH_CA cannot be read (got "${e.IMAGE_FETCH_CA}")`,
      );
    }
  }
  let onchainWatch: OnchainWatchConfig | undefined;
  if (e.ONCHAIN_WATCH) {
    try {
      onchainWatch = parseOnchainWatch(e.ONCHAIN_WATCH, cwd);
    } catch (error) {
      // Never the value itself: its RPC addresses may hold API keys.
      throw new ConfigError(`Invalid configuration: ONCHAIN_WATCH ${(error as Error).message}`);
    }
  }
  let geoipDatabase: string | undefined;
  if (e.GEOIP_DATABASE) {
    geoipDatabase = path.resolve(cwd, e.GEOIP_DATABASE);
    try {
      openGeoIp(geoipDatabase);
    } catch (error) {
      const reason = error instanceof MmdbError ? error.message : 'cannot be read';
      throw new ConfigError(
        `Invalid configuration: GEOIP_DATABASE is not a usable MaxMind DB file: ${reason} (got "${e.GEOIP_DATABASE}")`,
      );
    }
  }
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) {
    throw new ConfigError('Invalid configuration: ADMIN_PASSWORD is set but ADMIN_EMAIL is missing');
  }

  const dataDir = prepareDataDir(e.DATA_DIR, cwd);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    appSecret: e.APP_SECRET ?? loadOrCreateSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    adminTotpSecret: e.ADMIN_TOTP_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    captchaTestCode: e.CAPTCHA_TEST_CODE,
    exchangeTestBaseUrl: e.EXCHANGE_TEST_BASE_URL?.replace(/\/+$/, ''),
    traderSync: e.TRADER_SYNC === undefined ? e.NODE_ENV !== 'test' : e.TRADER_SYNC === 'true',
    levelWatch: e.LEVEL_WATCH === undefined ? e.NODE_ENV !== 'test' : e.LEVEL_WATCH === 'true',
    mediaPoll: e.MEDIA_POLL === undefined ? e.NODE_ENV !== 'test' : e.MEDIA_POLL === 'true',
    membershipReminders:
      e.MEMBERSHIP_REMINDERS === undefined ? e.NODE_ENV !== 'test' : e.MEMBERSHIP_REMINDERS === 'true',
    membershipContact: e.MEMBERSHIP_CONTACT,
    onchainWatch,
    onchainWatchRun:
      e.ONCHAIN_WATCH_RUN === undefined ? e.NODE_ENV !== 'test' : e.ONCHAIN_WATCH_RUN === 'true',
    imageFetch: { allowLoopback: e.IMAGE_FETCH_ALLOW_LOOPBACK === 'true', ca: imageFetchCa },
    feedFetch: { allowLoopback: e.FEED_FETCH_ALLOW_LOOPBACK === 'true' },
    metricsToken: e.METRICS_TOKEN,
    geoipDatabase,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
  };
}

/** Where a portal keeps its data, as the backup and restore commands need it (server/backup/). */
export type StorageConfig = {
  /** DATA_DIR resolved (./data when unset); neither created nor checked here. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** APP_SECRET when set; otherwise the portal uses DATA_DIR/app-secret. */
  appSecret: string | undefined;
};

const storageSchema = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true, APP_SECRET: true });

/**
 * DATA_DIR, DATABASE_URL and APP_SECRET read and checked as loadConfig does, with nothing else: a backup
 * must not fail on an unrelated setting, and neither command may create the folder or a secret in it
 * (loadConfig does both for the portal's first start).
 */
export function loadStorageConfig(env: Env = process.env, cwd = process.cwd()): StorageConfig {
  const parsed = storageSchema.safeParse(env);
  if (!parsed.success) throw invalidConfiguration(parsed.error, env);
  return {
    dataDir: path.resolve(cwd, parsed.data.DATA_DIR ?? 'data'),
    databaseUrl: parsed.data.DATABASE_URL,
    appSecret: parsed.data.APP_SECRET,
  };
}

/**
 * The default ./data is created on first start; a DATA_DIR the operator names must already exist,
 * so a typo does not silently start an empty portal somewhere else.
 */
function prepareDataDir(given: string | undefined, cwd: string): string {
  const dir = path.resolve(cwd, given ?? 'data');
  if (!existsSync(dir)) {
    if (given !== undefined) {
      throw new ConfigError(
        `DATA_DIR ${dir} does not exist: create it or point DATA_DIR at an existing folder`,
      );
    }
    mkdirSync(dir, { recursive: true });
  }
  if (!statSync(dir).isDirectory()) {
    throw new ConfigError(`DATA_DIR ${dir} is not a folder`);
  }
  try {
    accessSync(dir, constants.W_OK | constants.R_OK);
  } catch {
    throw new ConfigError(`DATA_DIR ${dir} is not writable: fix its permissions or choose another DATA_DIR`);
  }
  return dir;
}

/** The generated secret's file in DATA_DIR (when APP_SECRET is not set). */
export const APP_SECRET_FILE_NAME = 'app-secret';

/** APP_SECRET, when absent, is generated once and kept in DATA_DIR so restarts keep sessions valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, APP_SECRET_FILE_NAME);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
    throw new ConfigError(
      `${file} holds an invalid secret: delete it to generate a new one, or set APP_SECRET`,
    );
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs, so every process shares one secret.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  return secret;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** The database URL with any password replaced, for logs and error messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
