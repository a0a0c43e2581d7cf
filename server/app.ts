import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createOnchainWatcher, type OnchainWatcher } from './chain/onchain-watcher.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { binanceContext, binanceReaderFactory, createBinanceReader } from './exchange/binance.ts';
import { createMediaPoller, type MediaPoller } from './feeds/media-poller.ts';
import { NO_GEOIP, openGeoIp } from './geoip/geoip.ts';
import { stdoutLogDestination } from './log-destination.ts';
import { MailOutbox } from './mail/mailer.ts';
import { createLevelWatch, type LevelWatch } from './market/level-watch.ts';
import { createMarketData } from './market/market-data.ts';
import { createReminderSweep, type ReminderSweep } from './membership/reminder-sweep.ts';
import { createIdentity } from './oidc/provider.ts';
import { AccessLogController } from './plugins/access-log.ts';
import { authenticate } from './plugins/authenticate.ts';
import { errors, sendProblem } from './plugins/errors.ts';
import { identityMount } from './plugins/identity.ts';
import { metrics } from './plugins/metrics.ts';
import { markAccess, openapi } from './plugins/openapi.ts';
import { security, securityHeaders } from './plugins/security.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { webApp } from './plugins/web-app.ts';
import { createHub, type Hub } from './realtime/hub.ts';
import { createMarketPrices, type MarketPrices } from './realtime/market-prices.ts';
import { advisoryAdminRoutes, advisoryMemberRoutes } from './routes/advisories/advisories.ts';
import {
  classificationAdminRoutes,
  classificationReadRoutes,
} from './routes/article-classifications/classifications.ts';
import { articleReadRoutes, articleWriteRoutes } from './routes/articles/articles.ts';
import { accountAuthRoutes } from './routes/auth/account-auth.ts';
import { publicAuthRoutes } from './routes/auth/public-auth.ts';
import { configurationRoutes } from './routes/configuration/subscriber-configuration.ts';
import { creditRoutes } from './routes/credits/credits.ts';
import { creditAdminRoutes } from './routes/credits/credits-admin.ts';
import { fileSaveRoutes } from './routes/file-save/upload.ts';
import { invitationRoutes } from './routes/invitations/invitations.ts';
import { invitationAdminRoutes } from './routes/invitations/invitations-admin.ts';
import { levelAdminRoutes, levelRoutes } from './routes/levels/levels.ts';
import { auditLogRoutes } from './routes/management/audit-log.ts';
import { healthRoutes } from './routes/management/health.ts';
import { managementRoutes } from './routes/management/users.ts';
import { marketAdminRoutes, marketRoutes } from './routes/market/market.ts';
import { mediaRoutes } from './routes/media/media.ts';
import { mediaAdminRoutes } from './routes/media/media-admin.ts';
import { membershipNoticeRoutes } from './routes/membership-notices/membership-notices.ts';
import { onchainRoutes } from './routes/onchain/onchain.ts';
import { onchainAdminRoutes } from './routes/onchain/onchain-admin.ts';
import { personalInfoRoutes } from './routes/personal-info/personal-info.ts';
import { twoFactorRoutes } from './routes/personal-info/two-factor.ts';
import { quantAdminRoutes, quantRoutes } from './routes/quant/quant.ts';
import { subscriptionRoutes } from './routes/subscriptions/subscriptions.ts';
import {
  systemMessageAdminRoutes,
  systemMessageReadRoutes,
} from './routes/system-messages/system-messages.ts';
import { traderKeyRoutes } from './routes/trader-keys/trader-keys.ts';
import { tradingRoutes } from './routes/trading/trading.ts';
import { createTokenVerifier } from './security/access-tokens.ts';
import { deriveKey } from './security/crypto.ts';
import { AnswerCache } from './services/answer-cache.ts';
import { ExternalImages } from './services/external-images.ts';
import { publishHubEventsWith } from './services/hub-events.ts';
import { createKeyChecks, type ReaderFactory } from './services/trader-checks.ts';
import { type TwoFactorKeys, twoFactorKeys } from './services/two-factor.ts';
import { ImageQueue, type ImageQueueLimits } from './storage/image-queue.ts';
import { createSyncThread } from './trading/sync/sync-thread.ts';
import type { TraderSync } from './trading/sync/trader-sync.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEFAULT_WEB_ROOT = path.join(ROOT, 'dist', 'app');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

type AppDeps = {
  config: Config;
  database: Database;
  /** Bounds of image work (decodes at once, waiting, per person); tests lower them. */
  imageQueueLimits?: ImageQueueLimits;
  /** First retry of an undelivered mail after this long (doubling); tests shorten it. */
  mailRetryBaseMs?: number;
  /** Requests per minute per address for each sign-in call (tests raise it). */
  authRateLimitPerMinute?: number;
  /** How often the hub sweeps (left-behind events, ended memberships); 0: never by itself (tests call it). */
  hubSweepEveryMs?: number;
  /** Fastify logger options; false for quiet tests. */
  logger?: FastifyServerOptions['logger'];
  webRoot?: string;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: Array<{ method: string; url: string; schema: FastifySchema | undefined }>;
    hub: Hub;
    /** The keys of two-factor sign-in (secrets at rest, recovery-code hashes), from APP_SECRET. */
    twoFactorKeys: TwoFactorKeys;
    /** The trader sync worker of this process, when it runs (config.traderSync). */
    traderSync: TraderSync | undefined;
    /** Crossing alerts of watched level sets (runs by itself when config.levelWatch; tests tick it). */
    levelWatch: LevelWatch;
    /** Live prices for open charts (ticks every second by itself; tests tick it too). */
    marketPrices: MarketPrices;
    /** Media monitoring's feed reader (polls by itself when config.mediaPoll; tests may call poll()). */
    mediaPoller: MediaPoller;
    /** On-chain monitoring's watcher, when ONCHAIN_WATCH names chains (runs by itself when config.onchainWatchRun). */
    onchainWatcher: OnchainWatcher | undefined;
    /** Membership expiry reminders (sweeps by itself when config.membershipReminders; tests call sweep()). */
    membershipReminders: ReminderSweep;
  }
}

/** Builds the whole application without listening; main.ts listens, tests call inject(). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    // Logs go to stdout asynchronously: lines gather up to 4 KB (or a second) and go out in one write, not
    // a write per request; what is left is flushed at exit. Request headers are never logged, so tokens and
    // cookies cannot leak into logs.
    ...(deps.logger === undefined
      ? {
          loggerInstance: pino({ level: config.logLevel }, stdoutLogDestination()),
        }
      : { logger: deps.logger }),
    logController: new AccessLogController(),
    // A hop count is valid at run time though Fastify's types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    // An incoming X-Request-Id (from a proxy) is kept when it looks like one; otherwise a fresh UUID.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Close idle keep-alive sockets at shutdown; in-flight requests still finish.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors before routing (an address that cannot be decoded) get problem details like all others.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ reason: error.message }, 'request refused before routing');
      sendProblem(
        request,
        reply,
        error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
        'badUrl',
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route the app registers, for the completeness checks of the authorization matrix and of the
  // OpenAPI document (server/plugins/openapi.test.ts).
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const https = config.publicUrl.startsWith('https:');
  const db = database.db;
  const identity = await createIdentity(config, db);
  const mailer = new MailOutbox({
    database,
    key: deriveKey(config.appSecret, 'mail-outbox'),
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    production: config.nodeEnv === 'production',
    log: app.log,
    retentionMs: config.mailRetentionDays * 86_400_000,
    ...(deps.mailRetryBaseMs === undefined ? {} : { retryBaseMs: deps.mailRetryBaseMs }),
  });
  if (!config.smtpUrl && config.nodeEnv === 'production') {
    app.log.warn('SMTP_URL is not set: mail (confirmations, password resets) cannot be delivered');
  }
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());
  const authRate = deps.authRateLimitPerMinute ?? config.authRateLimitPerMinute;
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const imageQueue = new ImageQueue(deps.imageQueueLimits);
  const externalImages = new ExternalImages({ uploadsDir, imageQueue, fetch: config.imageFetch });

  await app.register(errors);
  // Before any route, so that its onRoute hook sees them all: the OpenAPI document at /api/docs.
  await app.register(openapi, { adminOnly: config.nodeEnv === 'production', publicUrl: config.publicUrl });
  await app.register(security, { https });
  await app.register(metrics, { token: config.metricsToken });
  // Limits are counted per process, or across every process in Redis when REDIS_URL is set (a Redis that
  // is down does not stop sign-ins: the limit is then skipped until it answers again).
  let rateLimitStore: Redis | undefined;
  if (config.redisUrl) {
    rateLimitStore = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    rateLimitStore.on('error', (error) =>
      app.log.warn({ err: error.message }, 'redis connection problem (rate limits)'),
    );
    app.addHook('onClose', async () => {
      rateLimitStore?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitStore ? { redis: rateLimitStore, nameSpace: 'portal-rate-limit-', skipOnError: true } : {}),
  });
  // The sign-in history's regions (GEOIP_DATABASE, checked by loadConfig); unknown without one.
  const geoip = config.geoipDatabase ? openGeoIp(config.geoipDatabase) : NO_GEOIP;
  await app.register(identityMount, {
    identity,
    db,
    securityHeaders: await securityHeaders(https),
    geoip,
  });
  const verify = createTokenVerifier({
    db,
    writes: database.writes,
    issuer: identity.issuer,
    audience: identity.apiAudience,
    signingKey: identity.signingKey,
  });
  await app.register(authenticate, { verify });

  const hub = createHub({
    server: app.server,
    db,
    verify,
    publicUrl: config.publicUrl,
    redisUrl: config.redisUrl,
    log: app.log,
    ...(deps.hubSweepEveryMs === undefined ? {} : { sweepEveryMs: deps.hubSweepEveryMs }),
  });
  app.decorate('hub', hub);
  // Before the HTTP server closes: live hub connections would otherwise keep it open.
  app.addHook('preClose', async () => hub.close());
  // Every transaction that records hub events publishes them through this hub once it commits.
  publishHubEventsWith(db, (eventIds) => hub.publish(eventIds));
  const secretsKey = deriveKey(config.appSecret, 'trader-secrets');
  const twoFactor = twoFactorKeys(config.appSecret);
  app.decorate('twoFactorKeys', twoFactor);

  // Traders' exchange accounts: one Binance context for the keys followed here (in the sync thread) and one
  // for the checks this thread makes (of keys no process follows) and the market data; the weight budget and the clock offset are
  // the address's, and each context raises its count to the used weight Binance reports. The fake
  // exchange's origin in tests. The sync follows the keys whose lease this process holds, and checks them
  // on the admin's demand, after each save and daily: a key's secret is decrypted only in the process that
  // follows it (in the one asked when none does).
  const exchangeLog = app.log.child({ component: 'exchange' });
  const exchange = binanceContext(config.exchangeTestBaseUrl);
  const readerFor: ReaderFactory = binanceReaderFactory(exchange, exchangeLog);
  // The market desk's charts and tools: the exchange's public data, cached and coalesced (market-data.ts).
  const market = createMarketData({
    db,
    source: createBinanceReader({ context: exchange, log: exchangeLog }),
    log: app.log.child({ component: 'market' }),
  });
  const levelWatch = createLevelWatch({ db, market, log: app.log.child({ component: 'level-watch' }) });
  app.decorate('levelWatch', levelWatch);
  if (config.levelWatch) app.addHook('onReady', async () => levelWatch.start());
  app.addHook('preClose', async () => levelWatch.stop());
  // Live prices for the charts members have open (MarketPrice to the connections that asked).
  const marketPrices = createMarketPrices({
    io: hub.io,
    market,
    log: app.log.child({ component: 'market-prices' }),
  });
  app.decorate('marketPrices', marketPrices);
  app.addHook('onReady', async () => marketPrices.start());
  app.addHook('preClose', async () => marketPrices.stop());
  const syncLog = app.log.child({ component: 'trader-sync' });
  // The keys are followed in a worker thread of this process (sync-thread.ts says why).
  const traderSync = config.traderSync
    ? createSyncThread({
        database,
        secretsKey,
        exchangeTestBaseUrl: config.exchangeTestBaseUrl,
        hub,
        log: syncLog,
        exchangeLog,
        debug: ['debug', 'trace'].includes(app.log.level),
      })
    : undefined;
  app.decorate('traderSync', traderSync);
  // A check asked for here is done by the process that follows the key (the hub's nudge wakes it).
  if (traderSync) hub.onKeyNudge((keyId) => traderSync.nudge(keyId));
  const keyChecks = createKeyChecks({
    db,
    secretsKey,
    readerFor,
    log: syncLog,
    syncing: traderSync !== undefined,
    nudge: (keyId) => hub.nudgeKey(keyId),
  });
  // Media monitoring's sources, read when due (a lease per source: one process at a time).
  const mediaPoller = createMediaPoller({
    database,
    log: app.log.child({ component: 'media-poller' }),
    allowLoopback: config.feedFetch.allowLoopback,
  });
  app.decorate('mediaPoller', mediaPoller);
  if (config.mediaPoll) app.addHook('onReady', async () => mediaPoller.start());
  app.addHook('preClose', async () => mediaPoller.stop());
  // A source an admin added or enabled is read at once by this process, not at its next round.
  const nudgeMediaPoller = config.mediaPoll ? () => void mediaPoller.poll() : () => {};
  // On-chain monitoring's watcher: the chains of ONCHAIN_WATCH, each followed by one process at a time.
  const onchainWatcher = config.onchainWatch
    ? createOnchainWatcher({
        database,
        chains: config.onchainWatch.chains,
        log: app.log.child({ component: 'onchain-watcher' }),
      })
    : undefined;
  app.decorate('onchainWatcher', onchainWatcher);
  if (onchainWatcher && config.onchainWatchRun) app.addHook('onReady', async () => onchainWatcher.start());
  app.addHook('preClose', async () => onchainWatcher?.stop());
  // Membership expiry reminders: every process sweeps; each reminder is recorded and mailed once.
  const membershipReminders = createReminderSweep({
    db,
    outbox: mailer,
    publicUrl: config.publicUrl,
    contact: config.membershipContact,
    log: app.log.child({ component: 'membership-reminders' }),
  });
  app.decorate('membershipReminders', membershipReminders);
  if (config.membershipReminders) app.addHook('onReady', async () => membershipReminders.start());
  app.addHook('preClose', async () => membershipReminders.stop());
  const membershipChanged = config.membershipReminders ? () => membershipReminders.nudge() : () => {};
  app.addHook('onReady', async () => traderSync?.start());
  app.addHook('preClose', async () => {
    await keyChecks.idle();
    await traderSync?.stop();
  });

  // Public: health, client configuration, sign-in and recovery.
  await app.register(healthRoutes, { database, version: VERSION });
  await app.register(configurationRoutes, { identity });
  await app.register(publicAuthRoutes, {
    db,
    mailer,
    provider: identity.provider,
    geoip,
    publicUrl: config.publicUrl,
    captchaTestCode: config.captchaTestCode,
    rateLimitPerMinute: authRate,
    twoFactorKeys: twoFactor,
  });

  // The published articles' list pages, kept for two seconds between calls (docs/decisions.md).
  const articleLists = new AnswerCache({ ttlMs: 2_000, maxEntries: 5_000 });

  // Public reads that show more to signed-in callers.
  await app.register(async (reader) => {
    reader.addHook('onRequest', reader.optionalAuthenticate);
    reader.addHook('onRoute', markAccess('optional'));
    await reader.register(classificationReadRoutes, { db });
    await reader.register(articleReadRoutes, { db, listCache: articleLists });
  });

  // Signed in: every route in this context needs a valid bearer token.
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    signedIn.addHook('onRoute', markAccess('signedIn'));
    await signedIn.register(accountAuthRoutes, {
      db,
      mailer,
      publicUrl: config.publicUrl,
      rateLimitPerMinute: authRate,
    });
    await signedIn.register(personalInfoRoutes, { db, uploadsDir, imageQueue });
    await signedIn.register(twoFactorRoutes, { db, keys: twoFactor, rateLimitPerMinute: authRate });
    await signedIn.register(articleWriteRoutes, { db, externalImages, listCache: articleLists });
    await signedIn.register(fileSaveRoutes, { uploadsDir, imageQueue });
    await signedIn.register(systemMessageReadRoutes, { db });
    await signedIn.register(subscriptionRoutes, { db });
    await signedIn.register(invitationRoutes, { db });
    await signedIn.register(creditRoutes, { db });
    await signedIn.register(membershipNoticeRoutes, { db, contact: config.membershipContact });
    // Members only.
    await signedIn.register(async (members) => {
      members.addHook('onRequest', members.requireMember);
      members.addHook('onRoute', markAccess('member'));
      await members.register(advisoryMemberRoutes, { db });
      await members.register(tradingRoutes, { db });
      await members.register(marketRoutes, { market });
      await members.register(quantRoutes, { db });
      await members.register(levelRoutes, { db, market });
      await members.register(mediaRoutes, { db });
      await members.register(onchainRoutes, { db });
    });
    // Admins only.
    await signedIn.register(async (admin) => {
      // onRequest, so that a non-admin is refused before the body is even validated.
      admin.addHook('onRequest', admin.requireAdmin);
      admin.addHook('onRoute', markAccess('admin'));
      await admin.register(managementRoutes, { database, membershipChanged });
      await admin.register(auditLogRoutes, { db });
      await admin.register(invitationAdminRoutes, { db });
      await admin.register(creditAdminRoutes, { db });
      await admin.register(classificationAdminRoutes, { db });
      await admin.register(traderKeyRoutes, { db, secretsKey, checks: keyChecks });
      await admin.register(advisoryAdminRoutes, { db, externalImages });
      await admin.register(systemMessageAdminRoutes, { db });
      await admin.register(marketAdminRoutes, { market });
      await admin.register(quantAdminRoutes, { db, externalImages });
      await admin.register(levelAdminRoutes, { db, market });
      await admin.register(mediaAdminRoutes, { db, nudge: nudgeMediaPoller });
      await admin.register(onchainAdminRoutes, { db, watch: config.onchainWatch });
    });
  });

  await app.register(uploadsPlugin, { uploadsDir });
  await app.register(webApp, { webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
