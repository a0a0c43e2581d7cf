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
