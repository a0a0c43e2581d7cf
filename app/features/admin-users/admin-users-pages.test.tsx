import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ManagedUserRow, RoleWithCount, UserDetail } from '#shared/schemas/management.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const DAY = 86_400_000;
const ROLES: RoleWithCount[] = [
  { roleId: 1, roleName: 'StandardUser', userCount: 1, builtIn: true },
  { roleId: 2, roleName: 'PremiumUser', userCount: 0, builtIn: true },
  { roleId: 3, roleName: 'Admin', userCount: 1, builtIn: true },
  { roleId: 4, roleName: 'VIP Asia', userCount: 2, builtIn: false },
];

function row(overrides: Partial<ManagedUserRow>): ManagedUserRow {
  return {
    userId: 'u-1',
    userName: 'lin@example.com',
    email: 'lin@example.com',
    // Noon thirty calendar days from today: "30 days" at any minute of the run.
    memberExpiryDate: dayjs().add(30, 'day').startOf('day').add(12, 'hour').toISOString(),
    memberCredit: 1500,
    tags: [1],
    createdAt: '2024-05-01T08:00:00.000Z',
    ...overrides,
  };
}

const USERS: ManagedUserRow[] = [
  row({}),
  row({
    userId: 'u-2',
    email: 'qiao@example.com',
    userName: 'qiao@example.com',
    memberExpiryDate: new Date(Date.now() - 5 * DAY).toISOString(),
    tags: [4, 42],
  }),
  row({ userId: 'u-3', email: 'admin@example.com', userName: 'admin', memberExpiryDate: null, tags: [3] }),
];

/** The stubbed management API; `urls` lists the GetUsers addresses asked for. */
function stubManagement(extra: Parameters<typeof stubApi>[0] = {}) {
  const urls: string[] = [];
  const stub = stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/Management/GetRoles': () => ROLES.map(({ roleId, roleName }) => ({ roleId, roleName })),
    'GET /api/Management/GetRolesWithUserCount': () => ROLES,
    'GET /api/Management/GetUsers': () => {
      const url = new URL(String(stub.fetch.mock.calls.at(-1)?.[0]), 'http://localhost');
      urls.push(`${url.pathname}${url.search}`);
      const search = url.searchParams.get('search') ?? '';
      const records = USERS.filter((user) => user.email.includes(search));
      return { records, total: search ? records.length : 250 };
    },
    ...extra,
  });
  return { ...stub, urls };
}

/** The input of an antd InputNumber, whichever element carries the test id. */
const inputOf = (element: HTMLElement) =>
  element instanceof HTMLInputElement ? element : element.querySelector('input')!;

const rows = () => screen.getByTestId('users-table').querySelectorAll('tr.ant-table-row');

describe('user list', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows users with tag names, expiry and days remaining, asking the server for one page', async () => {
    const api = stubManagement();
    renderApp('/admin/account/list', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('users-table');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [lin, qiao, admin] = [...rows()] as HTMLElement[];
    expect(lin).toHaveTextContent('lin@example.com');
    expect(within(lin!).getByTestId('role-tags')).toHaveTextContent('标准会员');
    expect(within(lin!).getByTestId('term')).toHaveTextContent('30 天');
    expect(lin).toHaveTextContent('1,500');
    expect(within(qiao!).getByTestId('role-tags')).toHaveTextContent('VIP AsiaUnknown');
    expect(within(qiao!).getByTestId('term')).toHaveTextContent('已过期 5 天');
    expect(within(admin!).getByTestId('term')).toHaveTextContent('无到期日');
    expect(within(lin!).getByTestId('user-link')).toHaveAttribute(
      'href',
      '/admin/account/list/detail?userId=u-1',
    );
    expect(table).not.toHaveTextContent('共 250 个用户');
    expect(screen.getByText('共 250 个用户')).toBeInTheDocument();
    expect(api.urls).toContain('/api/Management/GetUsers?current=1&pageSize=50');
    expect(api.urls.every((url) => url.includes('pageSize='))).toBe(true);
  });

  it('searches by e-mail or name through the address', async () => {
    const api = stubManagement();
    const user = setupUser();
    const { router } = renderApp('/admin/account/list', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: '搜索邮箱或用户名' }), 'qiao{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(router.state.location.search).toBe('?search=qiao');
    expect(api.urls).toContain('/api/Management/GetUsers?current=1&pageSize=50&search=qiao');
  });

  it('warns that a batch without selection reaches all users, and does not send it on cancel', async () => {
    const api = stubManagement();
    const user = setupUser();
    renderApp('/admin/account/list?search=lin', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId('batch-open'));
    const scope = await screen.findByTestId('batch-scope');
    expect(scope).toHaveTextContent('未选择任何用户：本次操作将应用于全部 250 个用户。');
    // The search narrows the table, not the batch.
    expect(scope).toHaveTextContent('搜索和标签筛选不会缩小范围。');
    expect(screen.getByTestId('batch-apply')).toBeDisabled();
    await user.click(screen.getByTestId('batch-cancel'));
    // jsdom never ends antd's leave animation; the dialog has started to close.
    await waitFor(() =>
      expect(screen.getByTestId('batch-form').closest('.ant-modal')).toHaveClass('ant-zoom-leave'),
    );
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('sets tags and adds days to the selected users after confirmation', async () => {
    const api = stubManagement({ 'POST /api/Management/BatchUserOperation': () => ({ affected: 2 }) });
    const user = setupUser();
    renderApp('/admin/account/list', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: '选择 lin@example.com' }));
    await user.click(screen.getByRole('checkbox', { name: '选择 qiao@example.com' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('已选择 2 个用户');

    await user.click(screen.getByTestId('batch-open'));
    expect(await screen.findByTestId('batch-scope')).toHaveTextContent('将对已选择的 2 个用户生效。');
    await user.click(screen.getByRole('radio', { name: '将标签设为' }));
    await user.click(screen.getByRole('combobox', { name: '将标签设为' }));
    const admin = await screen.findByTestId('batch-admin-option');
    expect(admin.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    await user.click(screen.getByTitle('VIP Asia'));
    await user.click(screen.getByTestId('batch-quick-30'));
    expect(inputOf(screen.getByTestId('batch-expiry-days'))).toHaveValue('30');
    await user.click(screen.getByTestId('batch-apply'));

    const summary = await screen.findByTestId('batch-summary');
    expect(summary).toHaveTextContent('已选择的 2 个用户');
    expect(summary).toHaveTextContent('设为：VIP Asia');
    expect(summary).toHaveTextContent('延长 30 天');
    await user.click(screen.getByTestId('batch-confirm-ok'));
    expect(await screen.findByText('批量操作完成，已更新 2 个用户')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      permissionMap: [4],
      expiryInDays: 30,
      rows: ['u-1', 'u-2'],
    });
    await waitFor(() => expect(screen.queryByTestId('selected-count')).not.toBeInTheDocument());
  });
});

describe('batch member days', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the rule for a value outside -1000 to 1000 instead of changing it, and sends nothing', async () => {
    const api = stubManagement();
    const user = setupUser();
    renderApp('/admin/account/list', { auth: FakeAuth.signedIn() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByTestId('batch-open'));
    const days = inputOf(await screen.findByTestId('batch-expiry-days'));
    await user.type(days, '1500');
    await user.tab();
    expect(await screen.findByText('天数须为-1000到1000之间的整数')).toBeInTheDocument();
    expect(days).toHaveValue('1500');
    await user.click(screen.getByTestId('batch-apply'));
    expect(screen.queryByTestId('batch-summary')).not.toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '-1001');
    await user.tab();
    expect(days).toHaveValue('-1001');
    expect(await screen.findByText('天数须为-1000到1000之间的整数')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});

const DETAIL: UserDetail = {
  ...row({ userId: 'u-1', tags: [1, 3] }),
  memberDaysRemaining: 30,
  level: 'Admin',
  emailConfirmed: true,
  twoFactorEnabled: true,
};

describe('user detail', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the user and saves tags and days, keeping the Admin tag out of the request', async () => {
    const api = stubManagement({
      'GET /api/Management/GetUser': () => DETAIL,
      'POST /api/Management/AssignUserRole': () => ({ ok: true }),
    });
    const user = setupUser();
    renderApp('/admin/account/list/detail?userId=u-1', { auth: FakeAuth.signedIn() });
    const detail = await screen.findByTestId('user-detail');
    expect(screen.getByTestId('detail-email')).toHaveTextContent('lin@example.com');
    expect(screen.getByTestId('detail-level')).toHaveTextContent('管理员');
    expect(detail).toHaveTextContent('已验证');
    expect(screen.getByTestId('detail-days')).toHaveTextContent('30 天');
    expect(await screen.findByTestId('locked-admin-tag')).toHaveTextContent('管理员');

    const days = inputOf(screen.getByTestId('permissions-days'));
    expect(days).toHaveValue('30');
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByTestId('permissions-save'));
    expect(await screen.findByText('权限已保存')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      userId: 'u-1',
      permissionMap: [1],
      memberDays: 90,
    });
  });

  it('limits the e-mail to 100 characters and shows server errors on the field', async () => {
    stubManagement({
      'GET /api/Management/GetUser': () => DETAIL,
      'POST /api/Management/AssignUserRole': () =>
        problem(400, '该邮箱已被其他账户使用', { email: ['该邮箱已被其他账户使用'] }),
    });
    const user = setupUser();
    renderApp('/admin/account/list/detail?userId=u-1', { auth: FakeAuth.signedIn() });
    const email = await screen.findByTestId('permissions-email');
    await user.clear(email);
    await user.type(email, `${'a'.repeat(95)}@example.com`);
    expect(await screen.findByText('邮箱长度不能超过100个字符')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByTestId('permissions-save'));
    const form = screen.getByTestId('permissions-form');
    expect(await within(form).findByText('该邮箱已被其他账户使用')).toBeInTheDocument();
  });

  it('says when the user does not exist', async () => {
    stubManagement({ 'GET /api/Management/GetUser': () => problem(404, '用户不存在') });
    renderApp('/admin/account/list/detail?userId=gone', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('user-not-found')).toHaveTextContent('找不到该用户');
    expect(screen.queryByText('用户不存在')).not.toBeInTheDocument();
  });
});

describe('role tags', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists tags with counts and lets every tag but Admin be deleted, after confirmation', async () => {
    const api = stubManagement({ 'POST /api/Management/DeleteRole': () => ({ ok: true }) });
    const user = setupUser();
    renderApp('/admin/account/tag', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('tags-table');
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(4));
    const [standard, , admin, vip] = [...table.querySelectorAll('tr.ant-table-row')] as HTMLElement[];
    expect(standard).toHaveTextContent('标准会员');
    expect(standard).toHaveTextContent('系统名称：StandardUser');
    expect(within(standard!).getByTestId('tag-count')).toHaveAttribute(
      'href',
      '/admin/account/list?roleId=1',
    );
    expect(within(standard!).getByTestId('tag-delete')).toBeEnabled();
    expect(within(admin!).getByTestId('tag-delete')).toBeDisabled();
    expect(within(vip!).getByTestId('tag-count')).toHaveTextContent('2');

    // A built-in member tag: the confirmation names the members it is taken from.
    await user.click(within(standard!).getByTestId('tag-delete'));
    expect(await screen.findByText('标签“标准会员”将从 1 个用户身上移除。')).toBeInTheDocument();
    await user.click(screen.getByTestId('tag-delete-ok'));
    expect(await screen.findByText('已删除标签“标准会员”')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({ id: 1 });

    await user.click(within(vip!).getByTestId('tag-delete'));
    expect(await screen.findByText('标签“VIP Asia”将从 2 个用户身上移除。')).toBeInTheDocument();
    expect(screen.getAllByText('确认删除所选数据？').length).toBeGreaterThan(0);
    await user.click(screen.getAllByTestId('tag-delete-ok').at(-1)!);
    expect(await screen.findByText('已删除标签“VIP Asia”')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({ id: 4 });
  });

  it('requires a tag name and adds the tag', async () => {
    const api = stubManagement({
      'POST /api/Management/AddRole': () => ({ roleId: 9, roleName: 'Gold' }),
    });
    const user = setupUser();
    renderApp('/admin/account/tag', { auth: FakeAuth.signedIn() });
    await user.click(await screen.findByTestId('add-tag-submit'));
    expect(await screen.findByText('标签名称为必填项')).toBeInTheDocument();
    await changeLocale('en');
    expect(await screen.findByText('tag name is required')).toBeInTheDocument();
    await user.type(screen.getByTestId('add-tag-name'), ' Gold ');
    await user.click(screen.getByTestId('add-tag-submit'));
    expect(await screen.findByText('Tag "Gold" added')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Gold' });
    expect(screen.getByTestId('add-tag-name')).toHaveValue('');
  });
});
