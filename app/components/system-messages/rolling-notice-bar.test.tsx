import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SystemMessageDto } from '#shared/realtime.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { Providers } from '../../providers.tsx';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { setupUser } from '../../testing/user.ts';
import { RollingNoticeBar } from './rolling-notice-bar.tsx';

const MESSAGE: SystemMessageDto = {
  id: 1,
  title: 'Maintenance tonight',
  content: 'The portal is down from 23:00 to 23:30.',
  publishedUserName: '',
  publishedTimestamp: '2025-05-01T08:30:00.000Z',
  isRoll: true,
  isPop: false,
  dismissed: false,
};

function renderBar() {
  render(
    <Providers auth={new FakeAuth()}>
      <RollingNoticeBar messages={[MESSAGE]} />
    </Providers>,
  );
  const bar = screen.getByRole('region', { name: /滚动公告|Rolling notices/ });
  return { bar, viewport: bar.querySelector('.cc-notice-viewport') as HTMLElement };
}

describe('RollingNoticeBar pause control', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('is a real button whose name says what it does next, in Chinese and English', async () => {
    const user = setupUser();
    const { bar, viewport } = renderBar();
    const button = within(bar).getByRole('button', { name: '暂停滚动' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(viewport).toHaveAttribute('data-paused', 'false');

    await user.click(button);
    expect(viewport).toHaveAttribute('data-paused', 'true');
    expect(button).toHaveAccessibleName('继续滚动');
    // A toggle whose name changes carries no pressed state (it would read "resume, pressed").
    expect(button).not.toHaveAttribute('aria-pressed');

    await changeLocale('en');
    expect(await within(bar).findByRole('button', { name: 'Resume scrolling' })).toBe(button);
    await user.click(button);
    expect(viewport).toHaveAttribute('data-paused', 'false');
    expect(button).toHaveAccessibleName('Pause scrolling');
  });

  it('works from the keyboard alone: Tab reaches it, Enter and Space toggle it', async () => {
    const user = setupUser();
    const { viewport } = renderBar();
    // The message comes first in the tab order, then the button; the loop's second copy is skipped.
    await user.tab();
    expect(document.activeElement).toHaveTextContent(MESSAGE.title);
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('暂停滚动');
    await user.keyboard('{Enter}');
    expect(viewport).toHaveAttribute('data-paused', 'true');
    await user.keyboard(' ');
    expect(viewport).toHaveAttribute('data-paused', 'false');
  });

  it('pauses on hover and keyboard focus, and stands still for reduced motion, in its style sheet', () => {
    renderBar();
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain('.cc-notice-bar:hover .cc-notice-track');
    expect(css).toContain('.cc-notice-bar:focus-within .cc-notice-track');
    expect(css).toMatch(/\[data-paused='true'\] \.cc-notice-track \{ animation-play-state: paused; \}/);
    // With reduced motion nothing moves: no animation, no second copy, and no pause button to offer.
    const reduced = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    expect(reduced).toContain('.cc-notice-track { animation: none;');
    expect(reduced).toContain('.cc-notice-copy, .cc-notice-pause { display: none; }');
  });

  it('is a labelled region, not an alert that would read every change aloud', () => {
    const { bar } = renderBar();
    expect(within(bar).queryByRole('alert')).not.toBeInTheDocument();
    // The loop's second copy is hidden from assistive technology and out of the tab order.
    const copy = bar.querySelector('.cc-notice-copy');
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    expect(copy?.querySelector('button')).toHaveAttribute('tabindex', '-1');
  });
});
