import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { FakeFeedItem } from '../server/test/feed-fake.ts';
import { grantRoles } from './support/api.ts';
import { openContext, pickOption, rowOf, soundPlays } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, WATCHED_TOKEN } from './support/env.ts';
import { createConfirmedAccount, shoot, signIn, switchLanguage, watchConsole } from './support/journey.ts';
import { chainControl, publishFeed } from './support/monitoring.ts';

// Journeys: the monitoring sections against the local news site and chain (e2e/support/monitoring-fakes.ts).

const run = randomBytes(4).toString('hex');
const password = 'Member-pass-2025';

/** The feed as the news site serves it: newest first. */
const feedOf = (items: FakeFeedItem[]) => ({ title: `Chain Wire ${run}`, language: 'zh-CN', items });
const older: FakeFeedItem = {
  id: `old-${run}`,
  title: `交易所例行维护公告 ${run}`,
  link: `https://news.example/${run}/old`,
  html: '<p>例行维护，<script>alert(1)</script>充提暂停一小时。</p>',
  publishedAt: Date.now() - 3_600_000,
};

async function addRule(admin: Page, keyword: string, tag: string) {
  await admin.getByTestId('rule-add').click();
  const form = admin.getByTestId('rule-form');
  await form.getByTestId('rule-keyword').fill(keyword);
  await form.getByTestId('rule-tag').fill(tag);
  await form.getByTestId('rule-important').click();
  await form.getByTestId('rule-submit').click();
  await expect(rowOf(admin.getByTestId('rule-table'), tag)).toBeVisible();
}

test('an admin adds a feed and a keyword rule; a member sees new items arrive live, tagged and highlighted, in zh and en', async ({
  browser,
  request,
}) => {
  const memberEmail = `media-${run}@e2e.test`;
  await createConfirmedAccount(request, memberEmail, password);
  const feedUrl = await publishFeed(`/wire-${run}.xml`, feedOf([older]));
  const admin = await openContext(browser);
  const member = await openContext(browser, 1600, { closeImportantNews: false });
  const consoles = [admin, member].map(({ page }) => watchConsole(page));
  try {
    const a = admin.page;
    await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/content/media?tab=rules');
    await grantRoles(a, memberEmail, ['StandardUser']);
    await addRule(a, '减半', `BTC减半-${run}`);
    await addRule(a, 'halving', `halving-${run}`);

    // The source: read at once when added (its first read is its backlog: shown, not announced).
    await a.goto('/admin/content/media');
    await a.getByTestId('source-add').click();
    const form = a.getByTestId('source-form');
    await form.getByTestId('source-url').fill(feedUrl);
    await pickOption(a, form.getByTestId('source-kind'), '新闻', form.getByTestId('source-url'));
    await form.getByTestId('source-submit').click();
    const row = rowOf(a.getByTestId('source-table'), feedUrl);
    await expect(row.getByTestId('source-row-title')).toHaveText(`Chain Wire ${run}`, { timeout: 30_000 });
    await expect(row.getByTestId('source-row-items')).toHaveText('1');
    await shoot(a, 'media-admin-zh-1600');

    const m = member.page;
    await signIn(m, memberEmail, password, '/media');
    await expect(m.getByTestId('media-live')).toHaveText('实时更新中', { timeout: 30_000 });
    const card = (title: string) => m.getByTestId('media-item').filter({ hasText: title });
    await expect(card(older.title)).toBeVisible();
    // The feed's script is gone; its text stays.
    await expect(card(older.title).getByTestId('media-item-summary')).toContainText(
      '例行维护，充提暂停一小时。',
    );
    await expect(card(older.title).getByTestId('media-item-summary')).not.toContainText('alert');

    // The site publishes an item the rule finds; the admin has the feed read now: it arrives live.
    const fresh = `比特币减半倒计时：距离下一次减半不足百天 ${run}`;
    await publishFeed(
      `/wire-${run}.xml`,
      feedOf([
        { id: `new-${run}`, title: fresh, link: `https://news.example/${run}/new`, publishedAt: Date.now() },
        older,
      ]),
    );
    const plays = await soundPlays(m);
    await row.getByTestId('source-read-now').click();
    const notice = m.getByTestId('media-important-notification');
    await expect(notice).toContainText('重要资讯', { timeout: 30_000 });
    await expect(notice).toContainText(fresh);
    expect(await soundPlays(m)).toBeGreaterThan(plays);
    const arrived = card(fresh);
    await expect(arrived.getByTestId('media-item-important')).toBeVisible();
    await expect(arrived.getByTestId('media-item-tag')).toHaveText(`#BTC减半-${run}`);
    await expect(arrived.getByTestId('media-highlight').first()).toHaveText('减半');
    await expect(arrived.getByTestId('media-item-link')).toHaveAttribute('rel', 'noopener noreferrer');
    // Newest first: above the older item, without a reload.
    await expect(m.getByTestId('media-item').first()).toContainText(fresh);
    await shoot(m, 'media-live-zh-1600');
    await notice.locator('.ant-notification-notice-close').click();

    // In English, another item the other rule finds.
    await switchLanguage(m, 'en');
    await expect(m.getByTestId('media-live')).toHaveText('Live', { timeout: 30_000 });
    const english = `Miners brace for the Halving ${run}`;
    await publishFeed(
      `/wire-${run}.xml`,
      feedOf([
        { id: `en-${run}`, title: english, link: `https://news.example/${run}/en`, publishedAt: Date.now() },
        { id: `new-${run}`, title: fresh, link: `https://news.example/${run}/new` },
        older,
      ]),
    );
    await row.getByTestId('source-read-now').click();
    await expect(notice).toContainText('Important news', { timeout: 30_000 });
    await expect(card(english).getByTestId('media-highlight').first()).toHaveText('Halving');
    await expect(card(english).getByTestId('media-item-tag')).toHaveText(`#halving-${run}`);
    await shoot(m, 'media-live-en-1600');
    await m.setViewportSize({ width: 390, height: 844 });
    await expect(card(english)).toBeVisible();
    await shoot(m, 'media-en-390');
    for (const c of consoles) c.expectNone();
  } finally {
    await admin.context.close();
    await member.context.close();
  }
});

test('an admin publishes an on-chain alert and a transfer the watcher queued; a member sees both arrive live, in zh and en', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const memberEmail = `chain-${run}@e2e.test`;
  await createConfirmedAccount(request, memberEmail, password);
  // Addresses of this run: 0x + the run id + zeros (40 hex digits), a different last digit each.
  const address = (last: string) => `0x${run}${'0'.repeat(31)}${last}`;
  const exchange = address('1');
  const exchangeName = `Binance ${run}`;
  const admin = await openContext(browser);
  const member = await openContext(browser);
  const consoles = [admin, member].map(({ page }) => watchConsole(page));
  try {
    const a = admin.page;
    await signIn(a, ADMIN_EMAIL, ADMIN_PASSWORD, '/admin/content/onchain?tab=labels');
    await grantRoles(a, memberEmail, ['StandardUser']);
    await a.getByTestId('label-add').click();
    const labelForm = a.getByTestId('label-form');
    await labelForm.getByTestId('label-address').fill(exchange);
    await labelForm.getByTestId('label-name').fill(exchangeName);
    await pickOption(a, labelForm.getByTestId('label-kind'), '交易所', labelForm.getByTestId('label-name'));
    await labelForm.getByTestId('label-submit').click();
    await expect(rowOf(a.getByTestId('label-table'), exchangeName)).toBeVisible();

    const m = member.page;
    await signIn(m, memberEmail, password, '/monitoring');
    await expect(m.getByTestId('onchain-live')).toHaveText('实时更新中', { timeout: 30_000 });

    // --- Published by hand: it reaches the member live, labelled, with its direction and explorer link. ---
    const txHash = `0x${run.repeat(8)}`;
    await a.goto('/admin/content/onchain');
    await a.getByTestId('alert-add').click();
    const form = a.getByTestId('alert-form');
    await pickOption(
      a,
      form.getByTestId('alert-form-chain'),
      'Ethereum',
      form.getByTestId('alert-form-asset'),
    );
    await pickOption(
      a,
      form.getByTestId('alert-form-direction'),
      '流入交易所',
      form.getByTestId('alert-form-asset'),
    );
    await form.getByTestId('alert-form-asset').fill('USDT');
    await form.getByTestId('alert-form-amount').fill('1250000');
    await form.getByTestId('alert-form-usd').fill('1250000');
    await form.getByTestId('alert-form-from').fill(address('2'));
    await form.getByTestId('alert-form-to').fill(exchange);
    await form.getByTestId('alert-form-tx').fill(txHash);
    await form.getByTestId('alert-form-comment').fill(`鲸鱼充值 ${run}`);
    await form.getByTestId('alert-form-submit').click();
    const byHand = m.getByTestId('onchain-alert').filter({ hasText: `鲸鱼充值 ${run}` });
    await expect(byHand).toBeVisible({ timeout: 30_000 });
    await expect(byHand).toContainText('流入交易所');
    await expect(byHand).toContainText(exchangeName);
    await expect(byHand.getByTestId('onchain-alert-amount')).toContainText('1,250,000');
    await expect(byHand.locator(`a[href="https://etherscan.io/tx/${txHash}"]`)).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(m.getByTestId('onchain-total').filter({ hasText: 'USDT' })).toBeVisible();
    const inflow = m.getByTestId('onchain-total').filter({ hasText: 'USDT' });
    await shoot(m, 'onchain-zh-1600');

    // --- The chain: a 5 million USDT transfer into the exchange, past the confirmations. The watcher
    // queues it (over 1 million, under 50); the admin publishes it from the queue; the member sees it. ---
    const head = await chainControl({ action: 'mine', blocks: 1 });
    await chainControl({
      action: 'addTransfer',
      transfer: {
        token: WATCHED_TOKEN.address,
        from: address('3'),
        to: exchange,
        value: String(5_000_000n * 10n ** BigInt(WATCHED_TOKEN.decimals)),
        block: head + 1,
      },
    });
    await chainControl({ action: 'mine', blocks: 4 });
    await a.goto('/admin/content/onchain?status=queued');
    const queued = a.locator('tr.ant-table-row', { hasText: '5,000,000' });
    await expect(queued.getByTestId('alert-row-status')).toHaveText('待审核', { timeout: 60_000 });
    await shoot(a, 'onchain-queue-zh-1600');
    await queued.getByTestId('alert-publish').click();
    const watched = m.getByTestId('onchain-alert').filter({ hasText: '5,000,000' });
    await expect(watched).toBeVisible({ timeout: 30_000 });
    await expect(watched).toContainText(exchangeName);
    await expect(watched).toContainText('流入交易所');
    // Both within the last 24 h: the exchange inflow total follows, live.
    await expect(inflow.getByTestId('onchain-total-inflow-amount')).toHaveText('6,250,000');

    await switchLanguage(m, 'en');
    await expect(watched).toContainText('Exchange inflow');
    await shoot(m, 'onchain-en-1600');
    await m.setViewportSize({ width: 390, height: 844 });
    await expect(watched).toBeVisible();
    await shoot(m, 'onchain-en-390');
    for (const c of consoles) c.expectNone();
  } finally {
    await admin.context.close();
    await member.context.close();
  }
});
