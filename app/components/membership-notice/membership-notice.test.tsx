import { render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PendingMembershipNotice } from '#shared/schemas/membership.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { setupUser } from '../../testing/user.ts';
import { MembershipNotice } from './membership-notice.tsx';

const DAY = 86_400_000;

function renderNotice(auth = FakeAuth.signedIn({ sub: 'member-1' })) {
  const router = createMemoryRouter([
    { path: '/', element: <MembershipNotice /> },
    { path: '/personal/info', element: <div data-testid="personal-page" /> },
    { path: '/teach', element: <div data-testid="teach-page" /> },
  ]);
  render(
    <Providers queryClient={createQueryClient()} auth={auth}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** The open dialog (jsdom never ends antd's leave animation, so a closed one is told by its wrapper). */
// The dialog's module loads lazily: the first one may take a while in a cold test run.
const dialog = () => screen.findByTestId('membership-notice', undefined, { timeout: 15_000 });
const closed = () =>
  waitFor(() => {
    const wrap = document.querySelector('.ant-modal-wrap');
    expect(wrap === null || (wrap as HTMLElement).style.display === 'none').toBe(true);
  });

describe('MembershipNotice', () => {
  // The dialog's module loads lazily; loaded once here, the tests do not wait for a cold import.
  beforeAll(async () => {
    await import('./membership-notice-dialog.tsx');
  }, 60_000);
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('reminds a member of the end with the date, days left, what closes and whom to contact; closing dismisses it', async () => {
    // Noon five calendar days from today: "5 days left" at any hour of the run (an hour after "five days
    // from now" is six calendar days away after 23:00).
    const expiryDate = dayjs().add(5, 'day').startOf('day').add(12, 'hour').toISOString();
    const pending: PendingMembershipNotice = {
      notice: { kind: 'reminder', thresholdDays: 7, expiryDate },
      contact: { text: 'vip@portal.example', href: 'mailto:vip@portal.example' },
    };
    const api = stubApi({
      'GET /api/MembershipNotice/Pending': () => pending,
      'POST /api/MembershipNotice/Dismiss': () => ({ ok: true }),
    });
    const user = setupUser();
    renderNotice();

    const notice = await dialog();
    expect(notice).toHaveAttribute('data-kind', 'reminder');
    expect(within(notice).getByTestId('membership-notice-title')).toHaveTextContent('您的会员即将到期');
    expect(within(notice).getByTestId('membership-notice-text')).toHaveTextContent(
      `您的会员将于 ${dayjs(expiryDate).format('LLL')} 到期，还剩 5 天。到期后，以下会员板块将无法访问：`,
    );
    expect(within(notice).getByTestId('membership-notice-sections')).toHaveTextContent(
      '交易支撑压力链上监控媒体监控量化工具公告',
    );
    const contact = within(notice).getByRole('link', { name: 'vip@portal.example' });
    expect(contact).toHaveAttribute('href', 'mailto:vip@portal.example');
    expect(within(notice).getByTestId('membership-notice-contact')).toHaveTextContent(
      '如需续费，请联系： vip@portal.example',
    );

    await user.click(within(notice).getByTestId('membership-notice-dismiss'));
    await closed();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/MembershipNotice/Dismiss',
        body: { kind: 'reminder', expiryDate },
      }),
    ]);
  });

  it('tells, in English, that a membership has ended and what was lost; customer service without a contact', async () => {
    await changeLocale('en');
    const expiryDate = new Date(Date.now() - 2 * DAY).toISOString();
    const api = stubApi({
      'GET /api/MembershipNotice/Pending': () => ({ notice: { kind: 'ended', expiryDate }, contact: null }),
      'POST /api/MembershipNotice/Dismiss': () => ({ ok: true }),
    });
    const user = setupUser();
    const router = renderNotice();

    const notice = await dialog();
    expect(notice).toHaveAttribute('data-kind', 'ended');
    expect(within(notice).getByTestId('membership-notice-title')).toHaveTextContent(
      'Your membership has ended',
    );
    expect(within(notice).getByTestId('membership-notice-text')).toHaveTextContent(
      `Your membership ended on ${dayjs(expiryDate).format('LLL')}. These member sections are closed to you now:`,
    );
    expect(within(notice).getByTestId('membership-notice-sections')).toHaveTextContent(
      'TradingSupport & pressureMonitoringMedia monitoringQuantitativeToolsNotices',
    );
    expect(within(notice).getByTestId('membership-notice-contact')).toHaveTextContent(
      'To renew, contact customer service.',
    );
    expect(within(notice).queryByRole('link')).toBeNull();

    // "Browse tutorials" dismisses it too and goes there.
    await user.click(within(notice).getByTestId('membership-notice-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teach'));
    await closed();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'ended', expiryDate });
  });

  it('counts the last day and shows a contact that is not a link as text; the close button dismisses', async () => {
    const expiryDate = new Date(Date.now() + 20 * 3_600_000).toISOString();
    const api = stubApi({
      'GET /api/MembershipNotice/Pending': () => ({
        notice: { kind: 'reminder', thresholdDays: 1, expiryDate },
        contact: { text: '微信 chaincompass-vip', href: null },
      }),
      'POST /api/MembershipNotice/Dismiss': () => ({ ok: true }),
    });
    const user = setupUser();
    renderNotice();

    const notice = await dialog();
    const text = within(notice).getByTestId('membership-notice-text').textContent ?? '';
    const sameDay = dayjs(expiryDate).isSame(dayjs(), 'day');
    expect(text).toContain(sameDay ? '您的会员将于今天' : '还剩 1 天');
    expect(within(notice).getByTestId('membership-notice-contact')).toHaveTextContent(
      '微信 chaincompass-vip',
    );
    expect(within(notice).queryByRole('link')).toBeNull();
    await user.click(within(notice).getByRole('button', { name: /close|关闭/i }));
    await closed();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ kind: 'reminder', expiryDate });
  });

  it('shows nothing without a notice, and asks nothing when signed out', async () => {
    const api = stubApi({ 'GET /api/MembershipNotice/Pending': () => ({ notice: null, contact: null }) });
    renderNotice();
    await waitFor(() => expect(api.requests.map((r) => r.path)).toEqual(['/api/MembershipNotice/Pending']));
    expect(screen.queryByTestId('membership-notice')).toBeNull();

    const signedOut = stubApi({});
    renderNotice(new FakeAuth());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signedOut.requests).toEqual([]);
  });
});
