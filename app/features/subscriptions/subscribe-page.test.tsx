import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { applySubscriptionChange, type SubscriptionKeys } from '../../lib/hub/hub-cache.ts';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import {
  accountHandlers,
  NON_MEMBER_INFO,
  personalInfoOf,
  problem,
  stubApi,
} from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';
import { SubscribePage } from './subscribe-page.tsx';

const KEYS = [
  { id: 1, keyName: 'Alpha', subscribed: true },
  { id: 3, keyName: 'Gamma', subscribed: false },
];

const posts = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method === 'POST');
const item = (keyId: number) =>
  screen.getAllByTestId('subscribe-item').find((row) => row.dataset.keyId === String(keyId)) as HTMLElement;

describe('subscriptions', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists the traders the member may subscribe to, each switch showing the stored choice', async () => {
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/Subscription/GetSubscriptions': () => KEYS,
    });
    renderApp('/personal/subscribe', { auth: FakeAuth.signedIn() });
    const list = await screen.findByTestId('subscribe-list');
    expect(
      within(list)
        .getAllByTestId('subscribe-item')
        .map((row) => row.dataset.keyId),
    ).toEqual(['1', '3']);
    expect(item(1)).toHaveTextContent('Alpha');
    expect(item(1)).toHaveTextContent('已订阅');
    expect(screen.getByRole('switch', { name: '订阅 Alpha' })).toBeChecked();
    expect(item(3)).toHaveTextContent('Gamma');
    expect(item(3)).toHaveTextContent('未订阅');
    expect(screen.getByRole('switch', { name: '订阅 Gamma' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: '我的订阅' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /查看策略交易/ })).toHaveAttribute('href', '/?type=2');
  });

  it('subscribes and unsubscribes with the switch, and says so', async () => {
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/Subscription/GetSubscriptions': () => KEYS,
      'POST /api/Subscription/AddOrUpdateSubscriptions': (request) => {
        const { keyId, subscribed } = request.body as { keyId: number; subscribed: boolean };
        return { ...KEYS.find((key) => key.id === keyId), subscribed };
      },
    });
    const user = setupUser();
    renderApp('/personal/subscribe', { auth: FakeAuth.signedIn() });
    const gamma = await screen.findByRole('switch', { name: '订阅 Gamma' });

    await user.click(gamma);
    expect(await screen.findByText('已订阅 Gamma')).toBeInTheDocument();
    expect(posts(api).map((request) => [request.path, request.body])).toEqual([
      ['/api/Subscription/AddOrUpdateSubscriptions', { keyId: 3, subscribed: true }],
    ]);
    await waitFor(() => expect(gamma).toBeChecked());
    expect(item(3)).toHaveTextContent('已订阅');

    await user.click(screen.getByRole('switch', { name: '订阅 Alpha' }));
    expect(await screen.findByText('已取消订阅 Alpha')).toBeInTheDocument();
    expect(posts(api).at(-1)?.body).toEqual({ keyId: 1, subscribed: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: '订阅 Alpha' })).not.toBeChecked());
    expect(item(1)).toHaveTextContent('未订阅');
  });

  it('leaves the switch as it was and shows why when the change fails', async () => {
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/Subscription/GetSubscriptions': () => KEYS,
      'POST /api/Subscription/AddOrUpdateSubscriptions': () =>
        problem(403, '您的会员等级不能订阅该Trader', { keyId: ['您的会员等级不能订阅该Trader'] }),
    });
    const user = setupUser();
    renderApp('/personal/subscribe', { auth: FakeAuth.signedIn() });
    const gamma = await screen.findByRole('switch', { name: '订阅 Gamma' });

    await user.click(gamma);
    expect(await screen.findByText('Permission Denied: 您的会员等级不能订阅该Trader')).toBeInTheDocument();
    expect(screen.queryByText('已订阅 Gamma')).not.toBeInTheDocument();
    await waitFor(() => expect(gamma).not.toHaveClass('ant-switch-loading'));
    expect(gamma).not.toBeChecked();
    expect(item(3)).toHaveTextContent('未订阅');
    expect(screen.getByRole('switch', { name: '订阅 Alpha' })).toBeChecked();
  });

  it('shows a placeholder while loading, then tells a member with no subscribable traders, in both languages', async () => {
    let answer: (value: unknown) => void = () => {};
    stubApi({
      ...accountHandlers(personalInfoOf({ roles: ['PremiumUser'], membershipLevel: 'PremiumUser' })),
      'GET /api/Subscription/GetSubscriptions': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/personal/subscribe', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('subscribe-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('subscribe-empty')).not.toBeInTheDocument();

    answer([]);
    const empty = await screen.findByTestId('subscribe-empty');
    expect(empty).toHaveTextContent('暂无可订阅的交易员');
    expect(empty).toHaveTextContent('您的会员等级目前没有开放订阅的交易员');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    await changeLocale('en');
    await waitFor(() => expect(empty).toHaveTextContent('No traders to subscribe to'));
    expect(screen.getByRole('heading', { name: 'Subscriptions' })).toBeInTheDocument();
  });

  it('tells a non-member to become a member instead of listing traders', async () => {
    await changeLocale('en');
    const api = stubApi({
      ...accountHandlers(NON_MEMBER_INFO),
      'GET /api/Subscription/GetSubscriptions': () => [],
    });
    renderApp('/personal/subscribe', { auth: FakeAuth.signedIn() });
    const notice = await screen.findByTestId('subscribe-not-member');
    expect(notice).toHaveTextContent('Become a member to subscribe to traders');
    expect(notice).toHaveTextContent('contact customer service');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/Subscription/GetSubscriptions')).toBe(false);
  });

  it('follows a choice made in another tab, as the hub reports it', async () => {
    const api = stubApi(accountHandlers(personalInfoOf()));
    const queryClient = createQueryClient();
    queryClient.setQueryData(hubKeys.subscriptions('user-1'), KEYS);
    const router = createMemoryRouter([{ path: '/', element: <SubscribePage /> }]);
    render(
      <Providers queryClient={queryClient} auth={FakeAuth.signedIn()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const gamma = await screen.findByRole('switch', { name: '订阅 Gamma' });
    expect(gamma).not.toBeChecked();
    // The hub's list is there: nothing to ask the API.
    expect(api.requests.some((request) => request.path.startsWith('/api/Subscription/'))).toBe(false);

    act(() => {
      queryClient.setQueryData<SubscriptionKeys>(hubKeys.subscriptions('user-1'), (current) =>
        applySubscriptionChange(current, { key: { id: 3, keyName: 'Gamma' }, subscribed: true }),
      );
    });
    await waitFor(() => expect(gamma).toBeChecked());
    expect(item(3)).toHaveTextContent('已订阅');
    expect(screen.getByRole('switch', { name: '订阅 Alpha' })).toBeChecked();
  });
});
