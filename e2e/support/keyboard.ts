import { expect, type Locator, type Page } from '@playwright/test';

// Moving through a page with the keyboard alone, as the keyboard journey does: Tab to a control, and check
// where focus is and that it can be seen.

/** Whether focus is on `target` or inside it (an input inside its antd wrapper). */
export const hasFocus = (target: Locator): Promise<boolean> =>
  target.evaluate(
    (element) => element === document.activeElement || element.contains(document.activeElement),
  );

/** Describes the focused element, for failure messages. */
export const focusedElement = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (the page body)';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
    return `<${element.tagName.toLowerCase()}> "${name}"${testId ? ` in [data-testid=${testId}]` : ''}`;
  });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `max` times, and answers how many
 * presses it took; fails when the target cannot be reached, naming where focus went.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 40 }: { back?: boolean; max?: number } = {},
): Promise<number> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await hasFocus(target)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}: focus is on ${await focusedElement(page)}`,
  );
}

/** Expects focus on `target` (or inside it). */
export async function expectFocusOn(page: Page, target: Locator, message: string): Promise<void> {
  await expect
    .poll(() => hasFocus(target), { message: `${message} (focus is on ${await focusedElement(page)})` })
    .toBe(true);
}

/** Expects the focused element to draw a visible focus ring: a solid outline at least 2 px wide. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    // A check box or radio button hides its input; the box or circle around it shows the focus.
    const element = focused.matches('input[type=checkbox], input[type=radio]')
      ? ((focused.closest('.ant-checkbox, .ant-radio, .ant-radio-button-wrapper') as HTMLElement | null) ??
        focused)
      : focused;
    const style = getComputedStyle(element);
    return {
      focusVisible: focused.matches(':focus-visible'),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
    };
  });
  expect(ring.focusVisible, `focus ring of ${await focusedElement(page)}`).toBe(true);
  expect(ring.style, `focus ring of ${await focusedElement(page)}`).toBe('solid');
  expect(ring.width, `focus ring of ${await focusedElement(page)}`).toBeGreaterThanOrEqual(2);
  expect(ring.color).not.toMatch(/rgba\(.*, 0\)|transparent/);
}

/** Switches the interface language with the header's switch, by keyboard: Shift+Tab, Enter, arrows, Enter. */
export async function switchLanguageByKeyboard(page: Page, locale: 'zh' | 'en'): Promise<void> {
  // The switch is in the header, above whatever has focus: Shift+Tab goes there.
  await tabTo(page, page.getByTestId('language-switch'), { back: true, max: 60 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const item = page.locator('li[role=menuitem]', { has: page.getByTestId(`language-option-${locale}`) });
  await expect(item).toBeVisible();
  await expectFocusOn(
    page,
    page.locator('.ant-dropdown:not(.ant-dropdown-hidden)'),
    'focus moves into the menu',
  );
  for (let presses = 0; presses < 4 && !(await hasFocus(item)); presses += 1) {
    // Each press moves focus once the menu has drawn it: wait for the move before deciding on another press
    // (on a busy machine a quick second press went past the option).
    const before = await focusedElement(page);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => focusedElement(page), { timeout: 5_000 })
      .not.toBe(before)
      .catch(() => undefined);
  }
  await expectFocusOn(page, item, `the arrows reach the ${locale} option`);
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh' ? 'zh-CN' : 'en');
}
