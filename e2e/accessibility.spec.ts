import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { api, grantRoles, userIdOf } from './support/api.ts';
import {
  AUDITED_VIEWS,
  type AuditedView,
  OPENED_LAYERS,
  type Seed,
  type Viewer,
} from './support/audited-pages.ts';
import { type AxeFinding, formatFindings, seriousViolations } from './support/axe.ts';
import { openContext } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PORTAL_URL } from './support/env.ts';
import { createExchangeAccount } from './support/exchange.ts';
import { createConfirmedAccount, signIn, switchLanguage, uniqueEmail } from './support/journey.ts';
import { upload } from './support/upload.ts';

// Requirement: axe-core finds no serious or critical WCAG 2.0/2.1 A/AA violation on any page of the portal,
// in Chinese and in English, with its dialogs and drawers open. The pages are listed in
// e2e/support/audited-pages.ts; each kind of person gets one signed-in tab that visits all of theirs.

test.use({ locale: 'zh-CN' });

const run = Date.now().toString(36);
const PASSWORD = 'Axe-check-2025';

let admin: { context: BrowserContext; page: Page };
let seed: Seed;
const accounts: Partial<Record<Viewer, string>> = {};
const cleanup: Array<() => Promise<unknown>> = [];

/** A small PNG, for the tutorial's cover. */
const cover = () =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: '#2160e8' } })
    .png()
    .toBuffer();

async function createSeed(page: Page, memberEmail: string): Promise<Seed> {
  const { id: classification } = await api(page, 'POST', '/api/ArticleClassification/Edit', {
    body: { label: `无障碍 ${run}`, sort: 9, show: 1, pids: [] },
  });
  cleanup.push(() =>
    api(page, 'POST', '/api/ArticleClassification/Delete', { query: { id: classification } }),
  );
  const picture = await upload(page, '/api/FileSave/Upload', {
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await cover(),
  });
  const { id: articleId } = await api(page, 'POST', '/Articles/AddArticle', {
    body: {
      headLine: `无障碍检查 ${run}`,
      description: '一篇用于无障碍检查的教程。',
      classification,
      text: '<h2>要点</h2><p>先看<strong>趋势</strong>，再看<a href="/teach">教学</a>。</p><ul><li>一</li><li>二</li></ul>',
      picture: picture[0]!.url,
    },
  });
  cleanup.push(() => api(page, 'DELETE', '/Articles/DeleteArticle/:id', { params: { id: articleId } }));
  await api(page, 'PUT', '/Articles/ApprovalArticle', {
    query: { id: articleId, status: 3, contentApproval: '通过' },
  });

  const { id: quantId } = await api(page, 'POST', '/api/Quant/Add', {
    body: {
      name: `Axe grid ${run}`,
      type: 'grid',
      market: 'USDⓈ-M futures',
      symbols: ['BTCUSDT'],
      timeframe: '1h',
      riskLevel: 'medium',
      status: 'live',
      description: '<p>A grid on <strong>BTC</strong>.</p>',
      parameters: [{ key: 'grids', value: '20' }],
      results: { totalReturn: 0.12, maxDrawdown: 0.05, sharpe: 1.4, trades: 30, winRate: 0.6 },
    },
  });
  cleanup.push(() => api(page, 'POST', '/api/Quant/Delete', { body: { id: quantId } }));

  const symbols = await api(page, 'GET', '/api/Market/Symbols');
  if (!symbols.some((s) => s.symbol === 'BTCUSDT'))
    await api(page, 'POST', '/api/Market/AddSymbol', { body: { symbol: 'BTCUSDT' } });
  const { id: levelSetId } = await api(page, 'POST', '/api/Levels/Add', {
    body: {
      symbol: 'BTCUSDT',
      timeframe: '4h',
      bias: 'neutral',
      supports: [{ price: 58_000, reason: `Axe ${run}`, strength: 3 }],
      resistances: [{ price: 62_000, reason: 'Range high', strength: 2 }],
      invalidationPrice: 55_000,
      targets: [64_000],
      notes: '<p>Range.</p>',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      roleIds: [],
    },
  });
  cleanup.push(() => api(page, 'POST', '/api/Levels/Delete', { body: { id: levelSetId } }));

  // A trader whose account the fake exchange holds, so the live pages have one to show.
  const account = await createExchangeAccount();
  const { id: traderId } = await api(page, 'POST', '/api/TraderKey/AddApiKey', {
    body: {
      keyName: `Axe ${run}`,
      keyValue: account.apiKey,
      secretValue: account.secret,
      coEfficient: 1,
      leverageCoefficient: 1,
    },
  });
  cleanup.push(() =>
    api(page, 'POST', '/api/TraderKey/ActiviateApiKey', { body: { apiKeyId: traderId, active: false } }),
  );
  const { id: advisoryId } = await api(page, 'POST', '/api/Advisory/AddOrUpdateAdvisory', {
    body: {
      title: `无障碍策略 ${run}`,
      advisoryDesc: '逢低做多。',
      content: '<p>BTC 回踩 <strong>58000</strong> 做多。</p>',
      apiKeyArray: [traderId],
    },
  });
  cleanup.push(() => api(page, 'POST', '/api/Advisory/DeleteAdvisory', { query: { advisoryId } }));

  const { id: messageId } = await api(page, 'POST', '/api/SystemMessage/AddOrUpdateSystemMessage', {
    body: { title: `滚动公告 ${run}`, content: '无障碍检查用的滚动公告。', isRoll: true, isPop: false },
  });
  cleanup.push(() => api(page, 'POST', '/api/SystemMessage/DeleteSystemMessage', { query: { messageId } }));

  const memberUserId = await userIdOf(page, memberEmail);
  return { articleId, quantId, levelSetId, advisoryId, memberUserId };
}

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: PORTAL_URL });
  accounts.member = uniqueEmail('axe-member');
  accounts.nonMember = uniqueEmail('axe-plain');
  await Promise.all([
    createConfirmedAccount(request, accounts.member, PASSWORD),
    createConfirmedAccount(request, accounts.nonMember, PASSWORD),
  ]);
  await request.dispose();
  admin = await openContext(browser);
  await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/account/list');
  await grantRoles(admin.page, accounts.member, ['StandardUser']);
  seed = await createSeed(admin.page, accounts.member);
});

test.afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  await admin?.context.close();
});

const pathOf = (view: AuditedView) => (typeof view.path === 'string' ? view.path : view.path(seed));

async function waitUntilLoaded(page: Page, view: AuditedView) {
  const ready = typeof view.ready === 'string' ? [view.ready] : view.ready;
  const shown = ready.map((id) => page.getByTestId(id).first()).reduce((either, next) => either.or(next));
  await expect(shown.first(), `${view.name}: ${ready.join(' or ')}`).toBeVisible({ timeout: 15_000 });
  // Lists and cards load after the frame: wait until no spinner or skeleton is left.
  await expect(
    page.locator(
      '.ant-spin-spinning, .ant-spin-blur, .portal-busy-on, .ant-skeleton-active, .portal-avatar-pending, .portal-placeholder-shape',
    ),
  ).toHaveCount(0, {
    timeout: 10_000,
  });
}

/**
 * Shows `path` in the tab. The first time the page is loaded; afterwards the single-page app's router is
 * told (as the back button would), which spares the app's start on every page.
 */
async function show(page: Page, path: string, reload: boolean) {
  if (reload || !page.url().startsWith(PORTAL_URL)) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Whether two views wait for the same test id (the second one's page must be loaded, not routed to). */
const sameReady = (view: AuditedView, previous: AuditedView | undefined) =>
  previous !== undefined && [view.ready].flat().some((id) => [previous.ready].flat().includes(id));

/** Closes what an entry opened (Escape, as a keyboard user would); loads the page afresh if that fails. */
async function closeOpened(page: Page) {
  await page.keyboard.press('Escape');
  const closed = await expect(page.getByRole('dialog'))
    .toHaveCount(0, { timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!closed) await page.goto('about:blank');
}

/** Visits the person's views in one tab, in the current language, and answers what axe found. */
async function audit(page: Page, views: readonly AuditedView[], language: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  let shown: string | null = null;
  let previous: AuditedView | undefined;
  for (const view of views) {
    const path = pathOf(view);
    const where = `${view.name} (${language}) ${path}`;
    // A view that does not load is reported with the others instead of hiding them.
    try {
      if (shown !== path || view.serverPage) {
        const load = view.serverPage || previous?.serverPage || sameReady(view, previous);
        await show(page, path, Boolean(load));
      }
      shown = path;
      previous = view;
      await waitUntilLoaded(page, view);
      if (view.open) {
        shown = null;
        await view.open(page);
      }
      // What an entry opens is audited alone: the page under it was, in the entry before.
      findings.push(...(await seriousViolations(page, where, view.open ? OPENED_LAYERS : undefined)));
      if (view.open) await closeOpened(page);
    } catch (error) {
      shown = null;
      previous = undefined;
      await page.goto('about:blank');
      findings.push({
        where,
        rule: 'not-audited',
        impact: 'critical',
        help: 'the view did not show as expected',
        nodes: [String(error).split('\n').slice(0, 3).join(' ')],
      });
    }
  }
  return findings;
}

async function auditBothLanguages(page: Page, viewer: Viewer) {
  const views = AUDITED_VIEWS.filter((view) => view.viewer === viewer);
  const started = Date.now();
  const findings = await audit(page, views, 'zh');
  await switchLanguage(page, 'en');
  findings.push(...(await audit(page, views, 'en')));
  const timing = `${views.length * 2} views (${viewer}) in ${((Date.now() - started) / 1000).toFixed(1)} s`;
  test.info().annotations.push({ type: 'timing', description: timing });
  console.log(`accessibility: ${timing}`);
  expect(findings.length, `serious or critical axe violations:\n${formatFindings(findings)}`).toBe(0);
}

async function signedIn(browser: Browser, viewer: Exclude<Viewer, 'visitor' | 'admin'>) {
  const { context, page } = await openContext(browser);
  await signIn(page, accounts[viewer]!, PASSWORD, '/personal/info');
  return { context, page };
}

// The back office's pages in two languages take a few minutes on a busy machine.
test.describe.configure({ timeout: 600_000 });

test('visitors: public pages, identity screens and error pages', async ({ browser }) => {
  const { context, page } = await openContext(browser);
  await auditBothLanguages(page, 'visitor');
  await context.close();
});

test('signed in without a role: notices and refusals', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'nonMember');
  await auditBothLanguages(page, 'nonMember');
  await context.close();
});

test('members: sections and personal pages', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'member');
  await auditBothLanguages(page, 'member');
  await context.close();
});

test('administrators: every back-office page, with its dialogs and drawers', async () => {
  await auditBothLanguages(admin.page, 'admin');
});
