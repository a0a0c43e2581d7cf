import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdvisoryDto } from '#shared/realtime.ts';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { setupUser } from '../../testing/user.ts';
import { AdvisoryFeed } from './advisory-feed.tsx';

const SUB = 'user-1';

function renderFeed(data: { feed?: AdvisoryDto[]; counts?: object; keys?: object[] }) {
  const queryClient = createQueryClient();
  if (data.feed) queryClient.setQueryData(hubKeys.advisories(SUB), data.feed);
  if (data.counts) queryClient.setQueryData(hubKeys.counts(SUB), data.counts);
  if (data.keys) queryClient.setQueryData(hubKeys.subscriptions(SUB), data.keys);
  const router = createMemoryRouter([{ path: '/', element: <AdvisoryFeed /> }]);
  render(
    <Providers queryClient={queryClient} auth={FakeAuth.signedIn()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return queryClient;
}

const advisory: AdvisoryDto = {
  id: 7,
  title: 'ETH range strategy',
  content:
    '<p>Buy <strong>2400</strong></p><script>window.hacked = true</script><img src="x" onerror="alert(1)">',
  apiKeyArray: [1, 2],
  traders: [
    { id: 1, keyName: 'Alpha' },
    { id: 2, keyName: 'Beta' },
  ],
  createdTimestamp: '2025-05-02T08:30:00.000Z',
};

describe('AdvisoryFeed', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('waits for the hub snapshot', async () => {
    renderFeed({ keys: [] });
    expect(await screen.findByTestId('advisory-feed-loading')).toBeInTheDocument();
    expect(screen.getByTestId('hub-status')).toHaveTextContent('正在连接实时推送');
  });

  it('explains an empty feed and links to the subscriptions', async () => {
    renderFeed({ feed: [], keys: [{ id: 1, keyName: 'Alpha', subscribed: false }] });
    const empty = await screen.findByTestId('advisory-feed-empty');
    expect(empty).toHaveTextContent('您还没有订阅任何交易员');
    expect(within(empty).getByRole('link', { name: /去订阅交易员/ })).toHaveAttribute(
      'href',
      '/personal/subscribe',
    );
  });

  it('tells a subscribed member that their traders have not published yet', async () => {
    renderFeed({ feed: [], keys: [{ id: 1, keyName: 'Alpha', subscribed: true }] });
    expect(await screen.findByTestId('advisory-feed-empty')).toHaveTextContent(
      '您订阅的交易员还没有发布策略',
    );
  });

  it('shows each strategy with its traders, sanitized content and counts, and records a reaction', async () => {
    const api = stubApi({
      'GET /api/AdvisoryFeedBack/Mine': () => ({}),
      'POST /api/AdvisoryFeedBack/Follow': () => ({ ok: true }),
    });
    const user = setupUser();
    renderFeed({ feed: [advisory], counts: { 7: { 1: 4, 2: 1, 3: 9 } }, keys: [] });
    const card = await screen.findByTestId('advisory-card');
    expect(within(card).getByRole('heading', { name: 'ETH range strategy' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Alpha');
    expect(card).toHaveTextContent('Beta');
    const content = within(card).getByTestId('advisory-content');
    expect(content.querySelector('strong')).toHaveTextContent('2400');
    expect(content.innerHTML).not.toContain('script');
    expect(content.innerHTML).not.toContain('onerror');
    expect(within(card).getByTestId('count-following')).toHaveTextContent('4');
    expect(within(card).getByTestId('count-reverseFollowing')).toHaveTextContent('1');
    expect(within(card).getByTestId('count-watching')).toHaveTextContent('9');
    expect(within(card).getByTestId('reaction-watching')).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(card).getByTestId('reaction-watching'));
    expect(api.requests).toContainEqual(
      expect.objectContaining({ path: '/api/AdvisoryFeedBack/Follow', body: { advisoryId: 7, kind: 3 } }),
    );
    expect(await screen.findByText('已记录您的选择：观望')).toBeInTheDocument();
    expect(within(card).getByTestId('reaction-watching')).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByTestId('reaction-following')).toHaveAttribute('aria-pressed', 'false');
  });

  it('marks the reaction the member chose earlier, as the server remembers it', async () => {
    stubApi({ 'GET /api/AdvisoryFeedBack/Mine': () => ({ 7: 1 }) });
    renderFeed({ feed: [advisory], counts: { 7: { 1: 1, 2: 0, 3: 0 } }, keys: [] });
    const card = await screen.findByTestId('advisory-card');
    await expect
      .poll(() => within(card).getByTestId('reaction-following').getAttribute('aria-pressed'))
      .toBe('true');
    expect(within(card).getByTestId('reaction-watching')).toHaveAttribute('aria-pressed', 'false');
  });
});
