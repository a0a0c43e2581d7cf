import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '#shared/schemas/management.ts';
import type { TraderKey } from '#shared/schemas/trader-keys.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const ROLES: Role[] = [
  { roleId: 1, roleName: 'StandardUser' },
  { roleId: 2, roleName: 'PremiumUser' },
  { roleId: 3, roleName: 'Admin' },
  { roleId: 4, roleName: 'VIP Asia' },
];

function keyOf(overrides: Partial<TraderKey>): TraderKey {
  return {
    id: 1,
    keyName: 'Alpha Desk',
    keyValue: '********9876',
    secretValue: '********',
    coEfficient: 1,
    leverageCoefficient: 2.5,
    isActive: true,
    permissionMap: [],
    check: null,
    sync: null,
    ...overrides,
  };
}

/**
 * The stubbed trader-key API, keeping state like the server: keys come back masked, the mapping follows
 * UpdateApiKeySubConfig, and GetAllTraders lists only the keys it knows (`unlisted` ids are left out).
 */
function stubTraders({
  keys = [
    keyOf({ id: 1, permissionMap: [1, 2] }),
    keyOf({
      id: 2,
      keyName: 'Beta Grid',
      keyValue: '********4321',
      coEfficient: 0.5,
      leverageCoefficient: 1,
      isActive: false,
    }),
    keyOf({ id: 3, keyName: 'Gamma Fund', keyValue: '********0007', permissionMap: [4, 42] }),
  ],
  unlisted = [3],
  extra = {},
}: {
  keys?: TraderKey[];
  unlisted?: number[];
  extra?: Parameters<typeof stubApi>[0];
} = {}) {
  const state = keys.map((key) => ({ ...key }));
  const stub = stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/TraderKey/GetAllApiKeys': () => state,
    'GET /api/TraderKey/GetAllTraders': () =>
      state
        .filter((key) => !unlisted.includes(key.id))
        .map(({ id, keyName, isActive }) => ({ id, keyName, isActive })),
    'GET /api/TraderKey/GetRoles': () => ROLES,
    'GET /api/TraderKey/GetApiKeyRoleMapping': () =>
      Object.fromEntries(
        state.map((key) => [
          String(key.id),
          Object.fromEntries(key.permissionMap.map((roleId) => [String(roleId), true])),
        ]),
      ),
    'POST /api/TraderKey/ActiviateApiKey': ({ body }) => {
      const { apiKeyId, active } = body as { apiKeyId: number; active: boolean };
      const key = state.find((candidate) => candidate.id === apiKeyId);
      if (key) key.isActive = active;
      return { ok: true };
    },
    'POST /api/TraderKey/AddApiKey': ({ body }) => {
      const added = body as TraderKey;
      const id = Math.max(...state.map((key) => key.id)) + 1;
      state.push({
        ...added,
        id,
        keyValue: `********${added.keyValue.slice(-4)}`,
        secretValue: '********',
        permissionMap: [],
        check: null,
        sync: null,
      });
      return { id };
    },
    'POST /api/TraderKey/UpdateApiKey': ({ body }) => {
      const { id, keyName, coEfficient, leverageCoefficient } = body as TraderKey;
      Object.assign(state.find((key) => key.id === id) ?? {}, { keyName, coEfficient, leverageCoefficient });
      return { ok: true };
    },
    'POST /api/TraderKey/UpdateApiKeySubConfig': ({ body }) => {
      const { id, permissionMap } = body as { id: number; permissionMap: number[] };
      const key = state.find((candidate) => candidate.id === id);
      if (key) key.permissionMap = [...permissionMap];
      return { ok: true };
    },
    ...extra,
  });
  const posts = (path: string) =>
    stub.requests.filter((request) => request.method === 'POST' && request.path === path);
  const gets = (path: string) =>
    stub.requests.filter((request) => request.method === 'GET' && request.path === path);
  return { ...stub, state, posts, gets };
}

const rows = () =>
  [...screen.getByTestId('traders-table').querySelectorAll('tr.ant-table-row')] as HTMLElement[];

const rowOf = (name: string) => {
  const row = rows().find((candidate) => within(candidate).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

/** Opens the trader management page and waits for the keys, trader names and role tags. */
async function openPage(rowCount = 3) {
  renderApp('/admin/trader/management', { auth: FakeAuth.signedIn() });
  await screen.findByTestId('traders-table');
  await waitFor(() => expect(rows()).toHaveLength(rowCount));
  if (rowCount > 0)
    await waitFor(() => expect(screen.getAllByTestId('trader-roles').length).toBeGreaterThan(0));
}

/** The errors shown under the drawer's fields, in form order. */
const fieldErrors = () =>
  [...screen.getByTestId('trader-form').querySelectorAll('.ant-form-item-explain-error')].map(
    (error) => error.textContent,
  );

/** The permission dialog once it shows the given title (antd's ids are not unique in tests, so no role name). */
async function permissionsDialog(title: string) {
  const dialog = screen.getByTestId('permissions-form').closest('.ant-modal') as HTMLElement;
  await waitFor(() => expect(dialog.querySelector('.ant-modal-title')).toHaveTextContent(title));
  return dialog;
}

const drawerOf = () => screen.getByTestId('trader-form').closest('.ant-drawer-content-wrapper');

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

const initialWidth = window.innerWidth;

describe('trader management', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    resizeTo(1600);
    await changeLocale('zh');
  });
  afterEach(() => {
    resizeTo(initialWidth);
  });

  it('lists keys masked, with trader names, ratios and role tags; unmapped ones read Unknown / unknown', async () => {
    stubTraders();
    await openPage();
    const [alpha, beta, gamma] = rows();
    expect(within(alpha!).getByTestId('trader-row-name')).toHaveTextContent('Alpha Desk');
    expect(within(alpha!).getByText('********9876')).toBeInTheDocument();
    expect(within(alpha!).getByText('********')).toBeInTheDocument();
    expect(within(alpha!).getByTestId('trader-leverage')).toHaveTextContent('2.5');
    expect(within(alpha!).getByTestId('trader-roles')).toHaveTextContent('标准会员高级会员');
    expect(within(alpha!).getByRole('switch', { name: '启用 Alpha Desk' })).toBeChecked();

    expect(within(beta!).getByText('********4321')).toBeInTheDocument();
    expect(beta).toHaveTextContent('0.5');
    expect(beta).toHaveTextContent('未开放订阅');
    expect(within(beta!).getByRole('switch', { name: '启用 Beta Grid' })).not.toBeChecked();

    // Key 3 is missing from GetAllTraders and role 42 from GetRoles (spec §8).
    expect(within(gamma!).getByTestId('trader-row-name')).toHaveTextContent(/^unknown$/);
    expect(within(gamma!).getByTestId('trader-roles')).toHaveTextContent(/^VIP AsiaUnknown$/);
    expect(screen.getByText('共 3 个')).toBeInTheDocument();
    // Every key and secret cell is a mask ending in at most the last four characters.
    const cells = rows().flatMap((row) => [...row.querySelectorAll('td')].slice(1, 3));
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '********9876',
      '********',
      '********4321',
      '********',
      '********0007',
      '********',
    ]);
  });

  it('turns keys on and off through ActiviateApiKey {apiKeyId, active}', async () => {
    const api = stubTraders();
    const user = setupUser();
    await openPage();
    const listCalls = api.gets('/api/TraderKey/GetAllApiKeys').length;

    await user.click(screen.getByRole('switch', { name: '启用 Beta Grid' }));
    expect(await screen.findByText('已启用 Beta Grid')).toBeInTheDocument();
    expect(api.posts('/api/TraderKey/ActiviateApiKey').map((request) => request.body)).toEqual([
      { apiKeyId: 2, active: true },
    ]);
    await waitFor(() => expect(api.gets('/api/TraderKey/GetAllApiKeys').length).toBeGreaterThan(listCalls));
    expect(screen.getByRole('switch', { name: '启用 Beta Grid' })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: '启用 Alpha Desk' }));
    expect(await screen.findByText('已停用 Alpha Desk')).toBeInTheDocument();
    expect(api.posts('/api/TraderKey/ActiviateApiKey').at(-1)?.body).toEqual({ apiKeyId: 1, active: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: '启用 Alpha Desk' })).not.toBeChecked());
  });

  it('opens the drawer 980 wide on screens over 1200 and as wide as the screen otherwise', async () => {
    stubTraders();
    const user = setupUser();
    await openPage();
    await user.click(screen.getByTestId('trader-add'));
    await waitFor(() => expect(drawerOf()).toHaveStyle({ width: '980px' }));
    expect(screen.getByText('新增 Trader', { selector: '.ant-drawer-title' })).toBeInTheDocument();

    act(() => resizeTo(1200));
    await waitFor(() => expect(drawerOf()).toHaveStyle({ width: '1200px' }));
    act(() => resizeTo(390));
    await waitFor(() => expect(drawerOf()).toHaveStyle({ width: '390px' }));
    act(() => resizeTo(1201));
    await waitFor(() => expect(drawerOf()).toHaveStyle({ width: '980px' }));
  });

  it('requires every field and a ratio of at least 0.000001, in Chinese and in English', async () => {
    const api = stubTraders();
    const user = setupUser();
    await openPage();
    await user.click(screen.getByTestId('trader-add'));
    await user.clear(screen.getByTestId('trader-currency-ratio'));
    await user.clear(screen.getByTestId('trader-leverage-ratio'));
    await user.click(screen.getByTestId('trader-save'));
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        'Trader名称为必填项',
        'API KEY为必填项',
        'Api Secret为必填项',
        '货币比例为必填项',
        '杠杆比例为必填项',
      ]),
    );

    await changeLocale('en');
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        'The trader name is required',
        'The API key is required',
        'The API secret is required',
        'The currency ratio is required',
        'The leverage ratio is required',
      ]),
    );

    // A ratio of 0 or below the minimum is refused with the minimum's message, never silently changed.
    await user.type(screen.getByTestId('trader-name'), 'Delta');
    await user.type(screen.getByTestId('trader-key'), 'AKIA-DELTA-5555');
    await user.type(screen.getByTestId('trader-secret'), 'delta-secret');
    await user.type(screen.getByTestId('trader-currency-ratio'), '0');
    await user.type(screen.getByTestId('trader-leverage-ratio'), '0.0000001');
    await user.click(screen.getByTestId('trader-save'));
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        'The ratio must be at least 0.000001',
        'The ratio must be at least 0.000001',
      ]),
    );
    expect(screen.getByTestId('trader-currency-ratio')).toHaveValue('0.0');
    expect(screen.getByTestId('trader-leverage-ratio')).toHaveValue('0.0000001');

    await changeLocale('zh');
    await waitFor(() => expect(fieldErrors()).toEqual(['比例不能小于0.000001', '比例不能小于0.000001']));
    expect(api.posts('/api/TraderKey/AddApiKey')).toHaveLength(0);

    // The minimum itself is accepted.
    await user.clear(screen.getByTestId('trader-currency-ratio'));
    await user.type(screen.getByTestId('trader-currency-ratio'), '0.000001');
    await user.clear(screen.getByTestId('trader-leverage-ratio'));
    await user.type(screen.getByTestId('trader-leverage-ratio'), '0.000001');
    await user.click(screen.getByTestId('trader-save'));
    await waitFor(() => expect(api.posts('/api/TraderKey/AddApiKey')).toHaveLength(1));
    expect(api.posts('/api/TraderKey/AddApiKey')[0]?.body).toMatchObject({
      coEfficient: 0.000001,
      leverageCoefficient: 0.000001,
    });
  });

  it('adds a trader, refreshes the list with its masked key and asks which roles may subscribe', async () => {
    const api = stubTraders();
    const user = setupUser();
    await openPage();
    const listCalls = api.gets('/api/TraderKey/GetAllApiKeys').length;
    await user.click(screen.getByTestId('trader-add'));
    await user.type(screen.getByTestId('trader-name'), '  Delta Desk ');
    await user.type(screen.getByTestId('trader-key'), 'AKIAFULLKEY5555');
    await user.type(screen.getByTestId('trader-secret'), 'wJalrXUtnFEMI-full-secret');
    const currency = screen.getByTestId('trader-currency-ratio');
    await user.clear(currency);
    await user.type(currency, '2');
    const leverage = screen.getByTestId('trader-leverage-ratio');
    await user.clear(leverage);
    await user.type(leverage, '10');
    await user.click(screen.getByTestId('trader-active'));
    await user.click(screen.getByTestId('trader-save'));

    expect(await screen.findByText('已新增 Trader Delta Desk')).toBeInTheDocument();
    expect(api.posts('/api/TraderKey/AddApiKey').map((request) => request.body)).toEqual([
      {
        keyName: 'Delta Desk',
        keyValue: 'AKIAFULLKEY5555',
        secretValue: 'wJalrXUtnFEMI-full-secret',
        coEfficient: 2,
        leverageCoefficient: 10,
        isActive: false,
      },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(api.gets('/api/TraderKey/GetAllApiKeys').length).toBeGreaterThan(listCalls);
    const delta = rowOf('Delta Desk');
    expect(within(delta).getByText('********5555')).toBeInTheDocument();
    const table = screen.getByTestId('traders-table');
    expect(table).not.toHaveTextContent('AKIAFULLKEY5555');
    expect(table).not.toHaveTextContent('wJalrXUtnFEMI-full-secret');
    // The closed drawer keeps neither of them in the page.
    await waitFor(() => expect(screen.getByTestId('trader-key')).toHaveValue(''));
    expect(screen.getByTestId('trader-secret')).toHaveValue('');

    const modal = await permissionsDialog('订阅权限：Delta Desk');
    expect(modal).toHaveTextContent('Trader 已创建。请选择哪些角色可以订阅它');
  });

  it('edits a trader without sending the key or secret unless they are typed again', async () => {
    const api = stubTraders();
    const user = setupUser();
    await openPage();
    await user.click(within(rowOf('Alpha Desk')).getByTestId('trader-edit'));
    expect(
      await screen.findByText('编辑 Trader：Alpha Desk', { selector: '.ant-drawer-title' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('trader-name')).toHaveValue('Alpha Desk'));
    expect(screen.getByTestId('trader-key')).toHaveValue('');
    expect(screen.getByTestId('trader-key')).toHaveAttribute('placeholder', '********9876');
    expect(screen.getByTestId('trader-secret')).toHaveValue('');
    expect(screen.getByTestId('trader-leverage-ratio')).toHaveValue('2.5');
    expect(screen.getAllByText('留空则保留原值')).toHaveLength(2);

    const leverage = screen.getByTestId('trader-leverage-ratio');
    await user.clear(leverage);
    await user.type(leverage, '3');
    await user.click(screen.getByTestId('trader-save'));
    expect(await screen.findByText('已保存 Trader Alpha Desk')).toBeInTheDocument();
    expect(api.posts('/api/TraderKey/UpdateApiKey').map((request) => request.body)).toEqual([
      { id: 1, keyName: 'Alpha Desk', coEfficient: 1, leverageCoefficient: 3, isActive: true },
    ]);
    await waitFor(() =>
      expect(within(rowOf('Alpha Desk')).getByTestId('trader-leverage')).toHaveTextContent('3'),
    );

    // A new key alone replaces the key and still leaves the secret out.
    await user.click(within(rowOf('Alpha Desk')).getByTestId('trader-edit'));
    await waitFor(() => expect(screen.getByTestId('trader-key')).toHaveValue(''));
    await user.type(screen.getByTestId('trader-key'), ' AKIANEWKEY1234 ');
    await user.click(screen.getByTestId('trader-save'));
    await waitFor(() => expect(api.posts('/api/TraderKey/UpdateApiKey')).toHaveLength(2));
    const second = api.posts('/api/TraderKey/UpdateApiKey')[1]?.body as Record<string, unknown>;
    expect(second).toMatchObject({ id: 1, keyValue: 'AKIANEWKEY1234' });
    expect(second).not.toHaveProperty('secretValue');
  });

  it('shows the roles of a key in the permission dialog and saves UpdateApiKeySubConfig {permissionMap, id}', async () => {
    const api = stubTraders();
    const user = setupUser();
    await openPage();
    await user.click(within(rowOf('Alpha Desk')).getByTestId('trader-permissions'));
    const modal = await permissionsDialog('订阅权限：Alpha Desk');
    const chosen = () =>
      [...modal.querySelectorAll('.ant-select-selection-item-content')].map((item) => item.textContent);
    await waitFor(() => expect(chosen()).toEqual(['标准会员', '高级会员']));
    expect(modal).not.toHaveTextContent('Trader 已创建');

    await user.click(within(modal).getByRole('combobox', { name: '可订阅的角色' }));
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent),
      ).toEqual(['标准会员', '高级会员', '管理员', 'VIP Asia']),
    );
    await user.click(screen.getByTitle('VIP Asia'));
    await user.click(screen.getByTestId('permissions-save'));
    expect(await screen.findByText('已保存 Alpha Desk 的订阅权限')).toBeInTheDocument();
    expect(api.posts('/api/TraderKey/UpdateApiKeySubConfig').map((request) => request.body)).toEqual([
      { id: 1, permissionMap: [1, 2, 4] },
    ]);
    await waitFor(() =>
      expect(within(rowOf('Alpha Desk')).getByTestId('trader-roles')).toHaveTextContent(
        '标准会员高级会员VIP Asia',
      ),
    );
  });

  it('names an unmapped role Unknown in the permission dialog too', async () => {
    stubTraders();
    const user = setupUser();
    await openPage();
    await user.click(within(rows()[2]!).getByTestId('trader-permissions'));
    const modal = await permissionsDialog('订阅权限：Gamma Fund');
    await waitFor(() =>
      expect(
        [...modal.querySelectorAll('.ant-select-selection-item-content')].map((item) => item.textContent),
      ).toEqual(['VIP Asia', 'Unknown']),
    );
    expect(modal).not.toHaveTextContent('42');
  });

  it('shows why a change failed and keeps the stored state', async () => {
    const api = stubTraders({
      extra: {
        'POST /api/TraderKey/ActiviateApiKey': () =>
          problem(404, 'Trader不存在', { apiKeyId: ['Trader不存在'] }),
        'POST /api/TraderKey/UpdateApiKeySubConfig': () =>
          problem(400, '包含不存在的标签', { permissionMap: ['包含不存在的标签'] }),
        'POST /api/TraderKey/AddApiKey': () => problem(400, '输入无效', { keyValue: ['内容过长'] }),
      },
    });
    const user = setupUser();
    await openPage();

    await user.click(screen.getByRole('switch', { name: '启用 Beta Grid' }));
    expect(await screen.findByText('Trader不存在')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '启用 Beta Grid' })).not.toBeChecked());
    expect(screen.queryByText('已启用 Beta Grid')).not.toBeInTheDocument();

    await user.click(within(rowOf('Alpha Desk')).getByTestId('trader-permissions'));
    const modal = await permissionsDialog('订阅权限：Alpha Desk');
    await user.click(screen.getByTestId('permissions-save'));
    expect(await screen.findByText('包含不存在的标签')).toBeInTheDocument();
    expect(api.posts('/api/TraderKey/UpdateApiKeySubConfig')).toHaveLength(1);
    expect(modal.closest('.ant-modal')).not.toHaveClass('ant-zoom-leave');
    await user.click(within(modal).getByRole('button', { name: '取 消' }));

    // A field error stays beside its field; the rest becomes a toast.
    await user.click(screen.getByTestId('trader-add'));
    await user.type(screen.getByTestId('trader-name'), 'Epsilon');
    await user.type(screen.getByTestId('trader-key'), 'AKIA-EPSILON');
    await user.type(screen.getByTestId('trader-secret'), 'epsilon-secret');
    await user.click(screen.getByTestId('trader-save'));
    await waitFor(() => expect(fieldErrors()).toEqual(['内容过长']));
    expect(await screen.findByText('输入无效')).toBeInTheDocument();
    expect(screen.queryByText('已新增 Trader Epsilon')).not.toBeInTheDocument();
  });

  it('says when the keys cannot be loaded, and offers to retry', async () => {
    let fail = true;
    const api = stubTraders({
      extra: {
        'GET /api/TraderKey/GetAllApiKeys': () =>
          fail ? problem(503, '数据库暂时不可用') : [keyOf({ id: 1, permissionMap: [1] })],
      },
    });
    const user = setupUser();
    renderApp('/admin/trader/management', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('query-error')).toHaveTextContent('数据加载失败');
    expect(await screen.findByText('数据库暂时不可用')).toBeInTheDocument();
    expect(screen.queryByTestId('traders-table')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: /重试/ }));
    await screen.findByTestId('traders-table');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.gets('/api/TraderKey/GetAllApiKeys')).toHaveLength(2);
  });

  it('says when there are no traders yet, in both languages', async () => {
    stubTraders({ keys: [] });
    await openPage(0);
    const table = screen.getByTestId('traders-table');
    await waitFor(() => expect(table).toHaveTextContent('还没有 Trader'));
    expect(table).toHaveTextContent('Trader名称');

    await changeLocale('en');
    await waitFor(() => expect(table).toHaveTextContent('No traders yet'));
    expect(table).toHaveTextContent('Trader name');
    expect(table).toHaveTextContent('API secret');
    expect(screen.getByTestId('trader-add')).toHaveTextContent('Add trader');
  });
});
