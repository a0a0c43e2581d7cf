import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TraderKey } from '#shared/schemas/trader-keys.ts';
import type { KeyCheck } from '#shared/schemas/trading.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { keyCheckOf, syncOf } from '../../testing/trading-fixtures.ts';
import { setupUser } from '../../testing/user.ts';

function keyOf(overrides: Partial<TraderKey>): TraderKey {
  return {
    id: 1,
    keyName: 'Alpha Desk',
    keyValue: '********9876',
    secretValue: '********',
    coEfficient: 1,
    leverageCoefficient: 2,
    isActive: true,
    permissionMap: [1],
    check: null,
    sync: null,
    ...overrides,
  };
}

const KEYS: TraderKey[] = [
  keyOf({ id: 1, check: keyCheckOf(), sync: syncOf() }),
  keyOf({
    id: 2,
    keyName: 'Beta Grid',
    check: keyCheckOf({ canTrade: true, ipRestricted: false }),
    sync: syncOf({
      state: 'error',
      lastError: 'HTTP 503 from the exchange',
      lastErrorAt: '2025-06-01T07:30:00.000Z',
    }),
  }),
  keyOf({
    id: 3,
    keyName: 'Gamma Fund',
    check: keyCheckOf({
      state: 'withdrawalsEnabled',
      canWithdraw: true,
      lastError: 'withdrawals enabled',
      lastErrorAt: '2025-06-01T06:00:00.000Z',
    }),
    sync: syncOf({ state: 'refused', reconciledAt: null }),
  }),
  keyOf({ id: 4, keyName: 'Delta New' }),
  keyOf({
    id: 5,
    keyName: 'Epsilon Back',
    check: keyCheckOf(),
    sync: syncOf({
      reconciledAt: '2025-06-01T08:00:00.000Z',
      lastError: 'The user-data stream dropped, reconnecting',
      lastErrorAt: '2025-06-01T07:59:00.000Z',
    }),
  }),
];

/** The admin's trader API with CheckApiKey answering `found` and recording it on the key, as the server does. */
function stubKeys(found: KeyCheck) {
  const state = KEYS.map((key) => ({ ...key }));
  const stub = stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/TraderKey/GetAllApiKeys': () => state,
    'GET /api/TraderKey/GetAllTraders': () =>
      state.map(({ id, keyName, isActive }) => ({ id, keyName, isActive })),
    'GET /api/TraderKey/GetRoles': () => [{ roleId: 1, roleName: 'StandardUser' }],
    'GET /api/TraderKey/GetApiKeyRoleMapping': () =>
      Object.fromEntries(state.map((key) => [String(key.id), { 1: true }])),
    'POST /api/TraderKey/CheckApiKey': ({ body }) => {
      const key = state.find((candidate) => candidate.id === (body as { apiKeyId: number }).apiKeyId);
      if (key) key.check = found;
      return found;
    },
  });
  const gets = () =>
    stub.requests.filter((request) => request.path === '/api/TraderKey/GetAllApiKeys').length;
  return { ...stub, gets };
}

const rowOf = (name: string) => {
  const row = [...screen.getByTestId('traders-table').querySelectorAll('tr.ant-table-row')].find(
    (candidate) => candidate.textContent?.includes(name),
  );
  if (!row) throw new Error(`no row for ${name}`);
  return row as HTMLElement;
};

async function openPage() {
  renderApp('/admin/trader/management', { auth: FakeAuth.signedIn() });
  await screen.findByTestId('traders-table');
  await waitFor(() => expect(screen.getAllByTestId('key-sync-state')).toHaveLength(4));
}

describe('trader key check and sync on the trader list', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows each key’s check, permissions, IP restriction, last check, last error and sync state', async () => {
    stubKeys(keyCheckOf());
    await openPage();
    const alpha = rowOf('Alpha Desk');
    expect(within(alpha).getByTestId('key-state')).toHaveTextContent('正常');
    expect(within(alpha).getByTestId('key-permission')).toHaveTextContent('只读');
    expect(within(alpha).getByTestId('key-ip')).toHaveTextContent('IP 已限制');
    expect(within(alpha).getByTestId('key-checked-at')).toHaveTextContent(/^2025-06-01 \d\d:00:00$/);
    expect(within(alpha).getByTestId('key-last-error')).toHaveTextContent('无');
    expect(within(alpha).getByTestId('key-sync-state')).toHaveTextContent('同步中');

    const beta = rowOf('Beta Grid');
    expect(within(beta).getByTestId('key-permission')).toHaveAttribute('data-permission', 'trade');
    expect(within(beta).getByTestId('key-permission')).toHaveTextContent('可交易');
    expect(within(beta).getByTestId('key-ip')).toHaveTextContent('未限制 IP');
    expect(within(beta).getByTestId('key-sync')).toHaveTextContent('同步出错');
    expect(within(beta).getByTestId('key-sync')).toHaveTextContent('HTTP 503 from the exchange');

    const gamma = rowOf('Gamma Fund');
    expect(within(gamma).getByTestId('key-state')).toHaveTextContent('密钥开启了提现权限，已停止同步');
    expect(within(gamma).getByTestId('key-permission')).toHaveTextContent('可提现：已拒绝');
    expect(within(gamma).getByTestId('key-last-error')).toHaveTextContent('withdrawals enabled');
    expect(within(gamma).getByTestId('key-sync-state')).toHaveTextContent('已拒绝同步');

    // Beta is failing now; Epsilon failed, then reconciled again: its error is told as past.
    expect(within(beta).queryByTestId('key-sync-past-error')).toBeNull();
    const epsilon = within(rowOf('Epsilon Back')).getByTestId('key-sync');
    expect(epsilon).toHaveTextContent('同步中');
    expect(within(epsilon).getByTestId('key-sync-past-error')).toHaveTextContent(
      '已从以下错误中恢复：The user-data stream dropped, reconnecting',
    );

    const delta = rowOf('Delta New');
    expect(delta).toHaveTextContent('未检查');
    expect(delta).toHaveTextContent('从未同步');
  });

  it('says why a key that can withdraw is refused', async () => {
    stubKeys(keyCheckOf());
    const user = setupUser();
    await openPage();
    await user.hover(within(rowOf('Gamma Fund')).getByTestId('key-permission'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('请在交易所关闭该密钥的提现权限后重新检查');
  });

  it('checks a key, shows what was found and refreshes the list', async () => {
    const found = keyCheckOf({
      state: 'withdrawalsEnabled',
      canTrade: true,
      canWithdraw: true,
      checkedAt: '2025-06-02T09:00:00.000Z',
    });
    const api = stubKeys(found);
    const user = setupUser();
    await openPage();
    const before = api.gets();

    await user.click(within(rowOf('Delta New')).getByRole('button', { name: '检查密钥：Delta New' }));
    const result = await screen.findByTestId('key-check-result');
    expect(result).toHaveTextContent('Delta New：可提现：已拒绝');
    expect(result).toHaveTextContent('请在交易所关闭该密钥的提现权限后重新检查');
    expect(
      api.requests.filter((request) => request.path === '/api/TraderKey/CheckApiKey').map((r) => r.body),
    ).toEqual([{ apiKeyId: 4 }]);
    await waitFor(() => expect(api.gets()).toBeGreaterThan(before));
    await waitFor(() =>
      expect(within(rowOf('Delta New')).getByTestId('key-permission')).toHaveTextContent('可提现：已拒绝'),
    );
  });

  it('reports a key that passed its check', async () => {
    await changeLocale('en');
    stubKeys(keyCheckOf());
    const user = setupUser();
    await openPage();
    await user.click(within(rowOf('Alpha Desk')).getByRole('button', { name: 'Check key: Alpha Desk' }));
    const result = await screen.findByTestId('key-check-result');
    expect(result).toHaveTextContent('Alpha Desk: the key passed its check');
    expect(result).toHaveTextContent('Read-only');
    expect(result).toHaveTextContent('IP restricted');
  });

  it('links every key to its live view and statistics', async () => {
    stubKeys(keyCheckOf());
    await openPage();
    const beta = rowOf('Beta Grid');
    expect(within(beta).getByRole('link', { name: '查看 Beta Grid 的实盘' })).toHaveAttribute(
      'href',
      '/?type=1&keyId=2',
    );
    expect(within(beta).getByRole('link', { name: '查看 Beta Grid 的交易统计' })).toHaveAttribute(
      'href',
      '/?type=3&keyId=2',
    );
  });
});
