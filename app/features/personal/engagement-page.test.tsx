import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Engagement, EngagementPage } from '#shared/schemas/advisories.ts';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { hubCacheHandlers } from '../../lib/hub/hub-sync.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { accountHandlers, NON_MEMBER_INFO, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth, TEST_USER } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const ALPHA = { id: 1, keyName: 'Alpha' };
const BETA = { id: 2, keyName: 'Beta' };

function engagementOf(overrides: Partial<Engagement> = {}): Engagement {
  return {
    advisoryId: 7,
    title: 'ETH range strategy',
    createdTimestamp: '2025-05-02T08:30:00.000Z',
    traders: [ALPHA, BETA],
    kind: 1,
    reactedAt: '2025-05-03T09:15:00.000Z',
    available: true,
    counts: { 1: 4, 2: 1, 3: 9 },
    ...overrides,
  };
}

/** The app at a URL with a query client the test can reach (as the hub writes into it). */
function renderAt(url: string) {
  const { queryClient, router } = renderApp(url, { auth: FakeAuth.signedIn() });
  return { queryClient, router };
}

/** The query strings the page asked MyEngagements with, in order. */
function engagementQueries(fetchStub: ReturnType<typeof stubApi>['fetch']): string[] {
  return fetchStub.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost:3000'))
    .filter((url) => url.pathname === '/api/AdvisoryFeedBack/MyEngagements')
    .map((url) => url.search);
}

describe('engagement strategy page', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists the strategies the member reacted to, with traders, stance, time, counts and statistics links', async () => {
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/AdvisoryFeedBack/MyEngagements': (): EngagementPage => ({
        records: [
          engagementOf(),
          engagementOf({
            advisoryId: 5,
            title: 'BTC breakout',
            traders: [ALPHA],
            kind: 3,
            counts: { 1: 0, 2: 0, 3: 2 },
          }),
        ],
        total: 2,
        traders: [ALPHA, BETA],
      }),
    });
    renderAt('/personal/engagement');
    const rows = await screen.findAllByTestId('engagement-row');
    expect(rows.map((row) => row.getAttribute('data-advisory-id'))).toEqual(['7', '5']);
    const [first] = rows;
    expect(first).toHaveTextContent('ETH range strategy');
    expect(first).toHaveTextContent('Alpha');
    expect(first).toHaveTextContent('Beta');
    expect(first).toHaveTextContent('发布于 2025-05-02');
    expect(within(first!).getByTestId('engagement-reacted-at')).toHaveAttribute(
      'dateTime',
      '2025-05-03T09:15:00.000Z',
    );
    expect(within(first!).getByTestId('engagement-count-following')).toHaveTextContent('4');
    expect(within(first!).getByTestId('engagement-count-watching')).toHaveTextContent('9');
    const selected = within(first!)
      .getByTestId('engagement-reaction')
      .querySelector('.ant-segmented-item-selected');
    expect(selected).toHaveTextContent('跟单');
    expect(
      within(first!)
        .getAllByTestId('engagement-trader-stats')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/?type=3&keyId=1', '/?type=3&keyId=2']);
    expect(screen.getByTestId('engagement-total')).toHaveTextContent('共 2 条');
    const menu = screen.getByTestId('personal-menu');
    expect(within(menu).getByRole('link', { name: '参与策略' }).closest('li')).toHaveClass(
      'ant-menu-item-selected',
    );
  });

  it('filters by stance and trader through the address', async () => {
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/AdvisoryFeedBack/MyEngagements': (): EngagementPage => ({
        records: [engagementOf()],
        total: 1,
        traders: [ALPHA, BETA],
      }),
    });
    const user = setupUser();
    const { router } = renderAt('/personal/engagement?keyId=2');
    await screen.findByTestId('engagement-row');
    expect(engagementQueries(api.fetch)[0]).toBe('?current=1&pageSize=10&keyId=2');
    await user.click(screen.getByTestId('engagement-filter-kind-reverseFollowing'));
    await waitFor(() => expect(router.state.location.search).toBe('?keyId=2&kind=2'));
    await waitFor(() =>
      expect(engagementQueries(api.fetch).at(-1)).toBe('?current=1&pageSize=10&kind=2&keyId=2'),
    );
  });

  it('changes and withdraws a stance, and reads the list again', async () => {
    let record = engagementOf();
    let withdrawn = false;
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/AdvisoryFeedBack/Mine': () => ({ 7: record.kind }),
      'GET /api/AdvisoryFeedBack/MyEngagements': (): EngagementPage => ({
        records: withdrawn ? [] : [record],
        total: withdrawn ? 0 : 1,
        traders: withdrawn ? [] : [ALPHA, BETA],
      }),
      'POST /api/AdvisoryFeedBack/Follow': (request) => {
        record = {
          ...record,
          kind: (request.body as { kind: 1 | 2 | 3 }).kind,
          counts: { 1: 3, 2: 1, 3: 10 },
        };
        return { ok: true };
      },
      'POST /api/AdvisoryFeedBack/Withdraw': () => {
        withdrawn = true;
        return { ok: true };
      },
    });
    const user = setupUser();
    renderAt('/personal/engagement');
    const row = await screen.findByTestId('engagement-row');
    await user.click(within(row).getByTestId('engagement-reaction-watching'));
    expect(await screen.findByText('已改为：观望')).toBeInTheDocument();
    expect(api.requests).toContainEqual(
      expect.objectContaining({ path: '/api/AdvisoryFeedBack/Follow', body: { advisoryId: 7, kind: 3 } }),
    );
    await waitFor(() => expect(screen.getByTestId('engagement-row')).toHaveAttribute('data-kind', '3'));
    expect(
      within(screen.getByTestId('engagement-row')).getByTestId('engagement-count-watching'),
    ).toHaveTextContent('10');

    await user.click(within(screen.getByTestId('engagement-row')).getByTestId('engagement-withdraw'));
    await user.click(await screen.findByTestId('engagement-withdraw-ok'));
    expect(await screen.findByTestId('engagement-empty')).toHaveTextContent('您还没有对任何策略表态');
    expect(api.requests).toContainEqual(
      expect.objectContaining({ path: '/api/AdvisoryFeedBack/Withdraw', body: { advisoryId: 7 } }),
    );
    expect(screen.getByTestId('engagement-to-feed')).toHaveAttribute('href', '/?type=2');
  });

  it('shows a change made in another tab, here and in the reactions the trading page marks', async () => {
    let kind: 1 | 2 | 3 = 1;
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/AdvisoryFeedBack/MyEngagements': (): EngagementPage => ({
        records: [engagementOf({ kind })],
        total: 1,
        traders: [ALPHA, BETA],
      }),
    });
    const { queryClient } = renderAt('/personal/engagement');
    await screen.findByTestId('engagement-row');
    queryClient.setQueryData(hubKeys.reactions(TEST_USER.sub), { 7: 1 });
    const handlers = hubCacheHandlers({ queryClient, sub: TEST_USER.sub });
    kind = 2;
    handlers.AdvisoryReactionChanged({
      advisoryId: 7,
      kind: 2,
      reactedAt: '2025-05-04T10:00:00.000Z',
      eventId: 41,
    });
    await waitFor(() => expect(screen.getByTestId('engagement-row')).toHaveAttribute('data-kind', '2'));
    expect(queryClient.getQueryData(hubKeys.reactions(TEST_USER.sub))).toEqual({ 7: 2 });
    expect(engagementQueries(api.fetch)).toHaveLength(2);
    // Live counts from the hub replace the answer's for strategies of the feed.
    handlers.LoadAdvisoryCount({ counts: { 7: { 1: 0, 2: 6, 3: 9 } }, replace: false, eventId: 42 });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('engagement-row')).getByTestId('engagement-count-reverseFollowing'),
      ).toHaveTextContent('6'),
    );
    // Withdrawn elsewhere: gone from the member's reactions.
    handlers.AdvisoryReactionChanged({ advisoryId: 7, kind: null, reactedAt: null, eventId: 43 });
    await waitFor(() => expect(queryClient.getQueryData(hubKeys.reactions(TEST_USER.sub))).toEqual({}));
  });

  it('keeps a strategy the member no longer receives to be withdrawn only, and says so in English', async () => {
    await changeLocale('en');
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/AdvisoryFeedBack/MyEngagements': (): EngagementPage => ({
        records: [engagementOf({ available: false, counts: null, kind: 2 })],
        total: 1,
        traders: [ALPHA, BETA],
      }),
    });
    renderAt('/personal/engagement');
    const row = await screen.findByTestId('engagement-row');
    expect(within(row).getByTestId('engagement-unavailable')).toHaveTextContent(
      'You no longer receive this strategy',
    );
    expect(within(row).getByTestId('engagement-reaction')).toHaveClass('ant-segmented-disabled');
    expect(within(row).queryByTestId('engagement-count-following')).not.toBeInTheDocument();
    expect(within(row).getByTestId('engagement-withdraw')).toBeEnabled();
    expect(screen.getByTestId('engagement-page')).toHaveTextContent('Engagement strategy');
  });

  it('tells a non-member how to become one', async () => {
    const api = stubApi(accountHandlers(NON_MEMBER_INFO));
    renderAt('/personal/engagement');
    expect(await screen.findByTestId('not-member-notice')).toBeInTheDocument();
    expect(engagementQueries(api.fetch)).toEqual([]);
  });
});
