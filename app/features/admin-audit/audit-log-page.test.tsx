import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '#shared/audit.ts';
import type { AuditEntry, AuditLogPage } from '#shared/schemas/audit.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 42,
    at: '2025-03-05T08:30:00.000Z',
    action: 'admin.users.assign',
    actor: { userId: 'u-admin', email: 'admin@example.com', name: 'admin@example.com' },
    target: { type: 'user', id: 'u-bob', email: 'bob@example.com' },
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
    change: {
      before: {
        tags: ['StandardUser'],
        memberExpiryDate: '2025-04-01T00:00:00.000Z',
        email: 'bob@example.com',
      },
      after: {
        tags: ['PremiumUser'],
        memberExpiryDate: '2025-04-01T00:00:00.000Z',
        email: 'bob@example.com',
      },
    },
    detail: { memberDays: null, emailChanged: false },
    ...overrides,
  };
}

const FAILED = entry({
  id: 41,
  at: '2025-03-05T08:00:00.000Z',
  action: 'login.failed',
  actor: null,
  ip: '192.0.2.44',
  userAgent: null,
  change: null,
  detail: { email: 'bob@example.com' },
});
const LEGACY = entry({ id: 40, action: 'legacy.thing', target: null, change: null, detail: null });

const FILTERS = {
  actions: [...AUDIT_ACTIONS, 'legacy.thing'].sort(),
  targetTypes: ['quantStrategy', 'user'],
};

/** The query strings the page asked the log with, in order. */
function logQueries(api: ReturnType<typeof stubApi>): URLSearchParams[] {
  return api.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost:3000'))
    .filter((url) => url.pathname === '/api/Management/AuditLog')
    .map((url) => url.searchParams);
}

const rows = () => screen.getByTestId('audit-table').querySelectorAll('tr.ant-table-row');

function stub(page: (query: URLSearchParams) => AuditLogPage | Response | Promise<AuditLogPage | Response>) {
  const api = stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Management/AuditLogFilters': () => FILTERS,
    'GET /api/Management/AuditLog': () => page(logQueries(api).at(-1)!),
  });
  return api;
}

describe('the audit log page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists the entries newest first with human labels, 50 a page with size changer and quick jumper', async () => {
    const api = stub(() => ({ records: [entry(), FAILED, LEGACY], total: 123, capped: false }));
    renderApp('/admin/operation/audit', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [assign, failed, legacy] = [...rows()] as HTMLElement[];
    expect(assign).toHaveTextContent('修改用户权限');
    expect(assign).toHaveTextContent(dayjs('2025-03-05T08:30:00.000Z').format('YYYY-MM-DD HH:mm:ss'));
    expect(within(assign!).getByRole('link', { name: 'admin@example.com' })).toHaveAttribute(
      'href',
      '/admin/account/list/detail?userId=u-admin',
    );
    expect(assign).toHaveTextContent('用户 bob@example.com');
    expect(assign).toHaveTextContent('203.0.113.7');
    expect(failed).toHaveTextContent('登录失败');
    expect(failed).toHaveTextContent('未登录访客/系统');
    // An action without a label is shown by its name.
    expect(legacy).toHaveTextContent('legacy.thing');

    expect(screen.getByText('共 123 条')).toBeInTheDocument();
    const wrapper = screen.getByTestId('audit-table').closest('.ant-table-wrapper')!;
    expect(wrapper.querySelector('.ant-pagination-options-size-changer')).not.toBeNull();
    expect(wrapper.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    expect(Object.fromEntries(logQueries(api)[0]!)).toEqual({ current: '1', pageSize: '50' });
    expect(
      within(screen.getByTestId('admin-menu')).getByRole('link', { name: '审计日志' }).closest('li'),
    ).toHaveClass('ant-menu-item-selected');
    expect(document.title).toContain('审计日志');
  });

  it('reads its filters from the address and keeps the changes there', async () => {
    const api = stub(() => ({ records: [entry()], total: 1, capped: false }));
    const user = setupUser();
    const { router } = renderApp(
      '/admin/operation/audit?actor=admin@example.com&action=admin.users.assign&targetType=user&targetId=u-bob&from=2025-03-01&to=2025-03-05&current=2&pageSize=20',
      { auth: FakeAuth.signedIn() },
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(Object.fromEntries(logQueries(api)[0]!)).toEqual({
      current: '2',
      pageSize: '20',
      actor: 'admin@example.com',
      action: 'admin.users.assign',
      targetType: 'user',
      targetId: 'u-bob',
      // The reader's local days, from the start of the first to the start of the day after the last.
      from: dayjs('2025-03-01').format(),
      to: dayjs('2025-03-06').format(),
    });
    expect(screen.getByTestId('audit-filter-actor').querySelector('input')).toHaveValue('admin@example.com');
    expect(screen.getByTestId('audit-filter-action')).toHaveTextContent('修改用户权限');
    expect(screen.getByTestId('audit-filter-target-type')).toHaveTextContent('用户');
    expect(screen.getByTestId('audit-filter-target-id').querySelector('input')).toHaveValue('u-bob');
    const dates = screen.getAllByTestId('audit-filter-dates');
    expect(dates.map((input) => (input as HTMLInputElement).value)).toEqual(['2025-03-01', '2025-03-05']);
    expect(dates.map((input) => input.getAttribute('placeholder'))).toEqual(['开始日期', '结束日期']);

    // A new actor starts again from the first page, the other filters kept.
    const actor = screen.getByTestId('audit-filter-actor').querySelector('input')!;
    await user.clear(actor);
    await user.type(actor, 'root@example.com{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('actor=root%40example.com'));
    expect(router.state.location.search).not.toContain('current=');
    await waitFor(() => expect(logQueries(api).at(-1)!.get('actor')).toBe('root@example.com'));
    expect(logQueries(api).at(-1)!.get('current')).toBe('1');
    expect(logQueries(api).at(-1)!.get('action')).toBe('admin.users.assign');

    // The filter button of a row narrows to that target.
    await user.click(screen.getByTestId('audit-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(logQueries(api).at(-1)!.get('actor')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('audit-table').querySelector('.ant-spin-spinning')).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: '只看此对象：用户 bob@example.com' }));
    await waitFor(() => expect(router.state.location.search).toBe('?targetType=user&targetId=u-bob'));
    // The table is dimmed and takes no clicks while the narrowed page loads.
    await waitFor(() => expect(logQueries(api).at(-1)!.get('targetId')).toBe('u-bob'));
    await waitFor(() =>
      expect(screen.getByTestId('audit-table').querySelector('.ant-spin-spinning')).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: '只看此操作人：admin@example.com' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?actor=admin%40example.com&targetType=user&targetId=u-bob'),
    );
  });

  it("opens an entry's details: address, user agent, before and after", async () => {
    stub(() => ({ records: [entry(), FAILED], total: 2, capped: false }));
    const user = setupUser();
    renderApp('/admin/operation/audit', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(rows()[0] as HTMLElement).getByTestId('audit-view'));
    const drawer = await screen.findByTestId('audit-drawer');
    expect(within(drawer).getByText('审计记录 #42')).toBeInTheDocument();
    expect(within(drawer).getByTestId('audit-drawer-action')).toHaveTextContent(
      '修改用户权限 admin.users.assign',
    );
    expect(within(drawer).getByTestId('audit-drawer-ip')).toHaveTextContent('203.0.113.7');
    expect(within(drawer).getByTestId('audit-drawer-user-agent')).toHaveTextContent(
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
    );
    const change = within(drawer).getAllByTestId('audit-change-row');
    const expiry = dayjs('2025-04-01T00:00:00.000Z').format('YYYY-MM-DD HH:mm:ss');
    expect(change.map((row) => [row.textContent, row.dataset.changed])).toEqual([
      ['tags已变更StandardUserPremiumUser', 'true'],
      [`memberExpiryDate${expiry}${expiry}`, 'false'],
      ['emailbob@example.combob@example.com', 'false'],
    ]);
    expect(within(drawer).getByTestId('audit-detail')).toHaveTextContent('emailChangedfalse');
    await user.click(drawer.closest('.ant-drawer')!.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(drawer).not.toBeVisible());

    // A failed sign-in: nobody signed in, no user agent recorded, nothing changed.
    await user.click(within(rows()[1] as HTMLElement).getByTestId('audit-view'));
    const second = await screen.findByText('审计记录 #41');
    const panel = second.closest('[data-testid=audit-drawer]') as HTMLElement;
    expect(within(panel).getByTestId('audit-drawer-user-agent')).toHaveTextContent(
      '未知（此记录早于用户代理的记录）',
    );
    expect(within(panel).getByTestId('audit-no-change')).toHaveTextContent('此操作没有记录变更前后。');
    expect(within(panel).getByTestId('audit-detail')).toHaveTextContent('bob@example.com');
  });

  it('says when nothing matches, and when the log is longer than can be paged', async () => {
    stub((query) =>
      query.get('action')
        ? { records: [], total: 0, capped: false }
        : { records: [entry()], total: 10_000, capped: true },
    );
    renderApp('/admin/operation/audit', { auth: FakeAuth.signedIn() });
    expect(
      await screen.findByText('超过 10000 条：只能翻阅最新的 10000 条，更早的请用日期范围查看'),
    ).toBeInTheDocument();
    renderApp('/admin/operation/audit?action=login.lockout', { auth: FakeAuth.signedIn() });
    expect(await screen.findByText('没有符合条件的记录')).toBeInTheDocument();
  });

  it('shows a way to try again when the log cannot be read', async () => {
    let fail = true;
    stub(() =>
      fail
        ? problem(500, 'Something went wrong on our side.')
        : { records: [entry()], total: 1, capped: false },
    );
    const user = setupUser();
    renderApp('/admin/operation/audit', { auth: FakeAuth.signedIn() });
    const error = await screen.findByTestId('query-error');
    fail = false;
    await user.click(within(error).getByRole('button'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows the table loading until the first page arrives', async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    stub(async () => {
      await arrived;
      return { records: [], total: 0, capped: false };
    });
    renderApp('/admin/operation/audit', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('audit-table');
    const busy = () => table.closest('[aria-busy]')?.getAttribute('aria-busy');
    await waitFor(() => expect(busy()).toBe('true'));
    release();
    expect(await screen.findByText('还没有审计记录')).toBeInTheDocument();
    await waitFor(() => expect(busy()).toBe('false'));
  });

  it('reads in English', async () => {
    await changeLocale('en');
    stub(() => ({ records: [entry(), FAILED, LEGACY], total: 3, capped: false }));
    const user = setupUser();
    renderApp('/admin/operation/audit', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]).toHaveTextContent("User's permissions changed");
    expect(rows()[1]).toHaveTextContent('Sign-in failed');
    expect(rows()[1]).toHaveTextContent('Visitor / system');
    expect(rows()[2]).toHaveTextContent('legacy.thing');
    expect(screen.getByText('3 entries')).toBeInTheDocument();
    await user.click(within(rows()[0] as HTMLElement).getByTestId('audit-view'));
    const drawer = await screen.findByTestId('audit-drawer');
    expect(within(drawer).getByText('Before and after')).toBeInTheDocument();
    expect(within(drawer).getByText('Changed')).toBeInTheDocument();
  });
});
