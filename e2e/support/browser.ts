import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

// Browser pieces the journeys share: a context whose reminder sound is counted, not played, and antd
// widgets that open with an animation.

/** Counts calls of HTMLMediaElement.play (the reminder sound) without playing anything. */
const COUNT_SOUND = () => {
  const counter = window as unknown as { __reminderPlays: number };
  counter.__reminderPlays = 0;
  HTMLMediaElement.prototype.play = function play() {
    counter.__reminderPlays += 1;
    return Promise.resolve();
  };
};

/** How many times the page has played the reminder sound (in a context of `openContext`). */
export const soundPlays = (page: Page) =>
  page.evaluate(() => (window as unknown as { __reminderPlays: number }).__reminderPlays);

/** A Chinese browser of `width` px whose sound is counted. */
export async function openContext(
  browser: Browser,
  width = 1600,
  options: { closeImportantNews?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width, height: 900 } });
  await context.addInitScript(COUNT_SOUND);
  // Actions that cannot happen (a covered button, say) fail at once instead of running out the test's time.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  // The monitoring journey publishes important news, which every member's page shows in its top right
  // corner until it is closed; a journey running beside it would find its own controls there covered. Its
  // pages close those notices (the monitoring journey's member, who checks them, keeps them). Playwright
  // calls the handler before each action and check while a notice shows, in the way or not: it closes them
  // all at once (stacked ones cannot be clicked one by one) and does not wait for them to go, so that a
  // short-lived message the journey is about to check is not missed meanwhile.
  if (options.closeImportantNews ?? true) {
    const importantNews = page.getByTestId('media-important-notification');
    await page.addLocatorHandler(
      importantNews.first(),
      () =>
        importantNews.evaluateAll((shown) => {
          for (const notice of shown)
            notice.querySelector<HTMLElement>('.ant-notification-notice-close')?.click();
        }),
      { noWaitAfter: true },
    );
  }
  return { context, page };
}

export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice', { hasText: text });
export const rowOf = (scope: Page | Locator, text: string) =>
  scope.locator('tr.ant-table-row', { hasText: text });
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Opens an antd Select and picks an option; the list opens with an animation, so a missed click is retried. */
export async function pickOption(page: Page, select: Locator, option: string, away: Locator) {
  await expect(async () => {
    if ((await openDropdown(page).count()) === 0) await select.click();
    await openDropdown(page)
      .locator('.ant-select-item-option', { hasText: option })
      .click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await away.click();
  await expect(openDropdown(page)).toHaveCount(0);
}

/**
 * Closes an antd modal with its × button. The modal zooms in as it opens, and a click that lands while it
 * still moves can miss the button, so the click waits for the motion to end and the gesture is retried
 * until the modal has gone.
 */
export async function closeModal(modal: Locator) {
  await expect(async () => {
    if (await modal.isHidden()) return;
    await expect(modal).not.toHaveClass(/ant-zoom/, { timeout: 2_000 });
    await modal.locator('.ant-modal-close').click({ timeout: 2_000 });
    await expect(modal).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(modal).toBeHidden();
}
