// Settings shared by playwright.config.ts (which starts the servers) and the journeys (which use them).

export const PORTAL_PORT = Number(process.env.E2E_PORT ?? 3190);
export const PORTAL_URL = `http://localhost:${PORTAL_PORT}`;

/** The mail sink: SMTP in, the received mails as JSON out. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3192);
export const MAIL_API_PORT = Number(process.env.E2E_MAIL_API_PORT ?? 3193);
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}`;

/** Every captcha accepts this answer while the server runs with CAPTCHA_TEST_CODE. */
export const CAPTCHA_CODE = 'E2ETST';
/** Access tokens live 20 s, so silent renewal really happens during the journeys. */
export const ACCESS_TOKEN_TTL_SECONDS = 20;

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'Adm1n-e2e-Passw0rd';
/** Whom members contact to renew (MEMBERSHIP_CONTACT of the journeys' portal). */
export const MEMBERSHIP_CONTACT = 'vip@e2e.test';

/** Another site's images (https, a test certificate the portal is told to trust). */
export const IMAGE_SITE_PORT = Number(process.env.E2E_IMAGE_SITE_PORT ?? 3194);
export const IMAGE_SITE_URL = `https://127.0.0.1:${IMAGE_SITE_PORT}`;

/**
 * The fake Binance USDⓈ-M exchange (server/test/binance-fake.ts) every Binance host of the portal points at
 * (EXCHANGE_TEST_BASE_URL): REST and the user-data WebSocket on one origin, and beside it the journeys'
 * scripting API (accounts, their state and live events) as JSON.
 */
export const EXCHANGE_PORT = Number(process.env.E2E_EXCHANGE_PORT ?? 3195);
export const EXCHANGE_URL = `http://127.0.0.1:${EXCHANGE_PORT}`;
export const EXCHANGE_CONTROL_PORT = Number(process.env.E2E_EXCHANGE_CONTROL_PORT ?? 3196);
export const EXCHANGE_CONTROL_URL = `http://127.0.0.1:${EXCHANGE_CONTROL_PORT}`;

/** News feeds on this machine (server/test/feed-fake.ts) that the media monitor reads (FEED_FETCH_ALLOW_LOOPBACK). */
export const FEED_SITE_PORT = Number(process.env.E2E_FEED_SITE_PORT ?? 3197);
export const FEED_SITE_URL = `http://127.0.0.1:${FEED_SITE_PORT}`;
/** An EVM chain's JSON-RPC (server/test/evm-rpc-fake.ts) that the on-chain watcher follows (ONCHAIN_WATCH). */
export const EVM_RPC_PORT = Number(process.env.E2E_EVM_RPC_PORT ?? 3198);
export const EVM_RPC_URL = `http://127.0.0.1:${EVM_RPC_PORT}`;
/** Where the journeys script both: POST /feeds {path, feed} serves a feed; POST /evm is the RPC's /control. */
export const MONITORING_CONTROL_PORT = Number(process.env.E2E_MONITORING_CONTROL_PORT ?? 3199);
export const MONITORING_CONTROL_URL = `http://127.0.0.1:${MONITORING_CONTROL_PORT}`;

/** The token the watcher follows on the fake chain (6 decimals, 1 US dollar each). */
export const WATCHED_TOKEN = {
  symbol: 'USDT',
  address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
  decimals: 6,
} as const;
