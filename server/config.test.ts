import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadStorageConfig, redactUrl } from './config.ts';
import { tempDir } from './test/databases.ts';

describe('loadConfig', () => {
  it('has working defaults for `npm start` with nothing set', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.join(cwd, 'data'),
      databaseUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
    // The generated secret is kept, so a restart uses the same one.
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(cwd, 'data', 'app-secret'), 'utf8').trim()).toBe(config.appSecret);
    expect(loadConfig({}, cwd).appSecret).toBe(config.appSecret);
  });

  it('does not write a secret file when APP_SECRET is given', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(40) });
    expect(config.appSecret).toBe('x'.repeat(40));
    expect(existsSync(path.join(dir, 'app-secret'))).toBe(false);
  });

  it('reads TRUST_PROXY as a flag, a hop count or an address list', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe(
      'https://portal.example.com',
    );
  });

  it('refuses CAPTCHA_TEST_CODE in production', () => {
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', CAPTCHA_TEST_CODE: 'AAAAAA' }),
    ).toThrow(/CAPTCHA_TEST_CODE must not be set when NODE_ENV=production/);
  });

  it('reads EXCHANGE_TEST_BASE_URL outside production and refuses it in production', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).exchangeTestBaseUrl).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', EXCHANGE_TEST_BASE_URL: 'http://127.0.0.1:9000/' })
        .exchangeTestBaseUrl,
    ).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ DATA_DIR: tempDir(), EXCHANGE_TEST_BASE_URL: 'ftp://127.0.0.1' })).toThrow(
      /EXCHANGE_TEST_BASE_URL must be a URL like http:\/\/127\.0\.0\.1:9000/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        NODE_ENV: 'production',
        EXCHANGE_TEST_BASE_URL: 'http://127.0.0.1:9000',
      }),
    ).toThrow(/EXCHANGE_TEST_BASE_URL .*must not be set when NODE_ENV=production/);
  });

  it('reads FEED_FETCH_ALLOW_LOOPBACK outside production (off by default) and refuses it in production', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).feedFetch).toEqual({ allowLoopback: false });
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', FEED_FETCH_ALLOW_LOOPBACK: 'true' }).feedFetch,
    ).toEqual({ allowLoopback: true });
    expect(() => loadConfig({ DATA_DIR: tempDir(), FEED_FETCH_ALLOW_LOOPBACK: 'yes' })).toThrow(
      /FEED_FETCH_ALLOW_LOOPBACK must be true or false/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', FEED_FETCH_ALLOW_LOOPBACK: 'true' }),
    ).toThrow(/FEED_FETCH_ALLOW_LOOPBACK .*must not be set when NODE_ENV=production/);
    // Saying "false" in production is harmless.
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(32),
        FEED_FETCH_ALLOW_LOOPBACK: 'false',
      }).feedFetch.allowLoopback,
    ).toBe(false);
  });

  it('polls media sources by default, but not under NODE_ENV=test unless MEDIA_POLL says so', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mediaPoll).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).mediaPoll).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', MEDIA_POLL: 'true' }).mediaPoll).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), MEDIA_POLL: 'false' }).mediaPoll).toBe(false);
    expect(() => loadConfig({ DATA_DIR: tempDir(), MEDIA_POLL: 'on' })).toThrow(
      /MEDIA_POLL must be true or false/,
    );
  });

  it('sweeps for membership reminders by default, but not under NODE_ENV=test unless MEMBERSHIP_REMINDERS says so', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).membershipReminders).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).membershipReminders).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', MEMBERSHIP_REMINDERS: 'true' }).membershipReminders,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), MEMBERSHIP_REMINDERS: 'false' }).membershipReminders).toBe(
      false,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), MEMBERSHIP_REMINDERS: 'yes' })).toThrow(
      /MEMBERSHIP_REMINDERS must be true or false/,
    );
  });

  it('takes the membership contact as given (trimmed), none when unset, and refuses a long one', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).membershipContact).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), MEMBERSHIP_CONTACT: '   ' }).membershipContact).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: tempDir(), MEMBERSHIP_CONTACT: ' vip@portal.example ' }).membershipContact,
    ).toBe('vip@portal.example');
    expect(() => loadConfig({ DATA_DIR: tempDir(), MEMBERSHIP_CONTACT: 'x'.repeat(201) })).toThrow(
      /MEMBERSHIP_CONTACT must be at most 200 characters/,
    );
  });

  it('refuses a short APP_SECRET and an ADMIN_PASSWORD without ADMIN_EMAIL', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), APP_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_PASSWORD: 'longenough1' })).toThrow(
      /ADMIN_PASSWORD is set but ADMIN_EMAIL is missing/,
    );
  });
});

describe('loadStorageConfig', () => {
  it('reads the data settings as the portal does, creating neither the folder nor a secret', () => {
    const cwd = tempDir();
    expect(loadStorageConfig({}, cwd)).toEqual({
      dataDir: path.join(cwd, 'data'),
      databaseUrl: undefined,
      appSecret: undefined,
    });
    expect(existsSync(path.join(cwd, 'data'))).toBe(false);
    const url = 'postgres://portal:pw@127.0.0.1:5432/portal';
    expect(
      loadStorageConfig({ DATA_DIR: 'elsewhere', DATABASE_URL: url, APP_SECRET: 'y'.repeat(32) }, cwd),
    ).toEqual({
      dataDir: path.join(cwd, 'elsewhere'),
      databaseUrl: url,
      appSecret: 'y'.repeat(32),
    });
  });

  it('refuses what the portal refuses, naming the variables, and ignores the other settings', () => {
    expect(() => loadStorageConfig({ DATABASE_URL: 'mysql://x', APP_SECRET: 'short', PORT: 'abc' })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a URL like postgres:.* \(got "mysql:\/\/x"\); APP_SECRET must be at least 32 characters \(got 5 characters\)$/,
    );
  });
});

describe('redactUrl', () => {
  it('hides the password and keeps the rest', () => {
    expect(redactUrl('postgres://u:p4ss@db:5432/portal')).toBe('postgres://u:***@db:5432/portal');
    expect(redactUrl('postgres://db/portal')).toBe('postgres://db/portal');
  });
});
