import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SystemMessageDto } from '#shared/realtime.ts';
import { applyChangeSystemMessage } from '../../lib/hub/hub-cache.ts';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { accountHandlers, personalInfoOf, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';
import { NoticesPage } from './notices-page.tsx';

/** A time given in local time, so that the expected text does not depend on the machine's time zone. */
const localIso = (month: number, day: number, hour: number, minute: number) =>
  new Date(2025, month - 1, day, hour, minute).toISOString();

function messageOf(id: number, overrides: Partial<SystemMessageDto> = {}): SystemMessageDto {
  return {
    id,
    title: `公告 ${id}`,
    content: `公告 ${id} 的内容`,
    publishedUserName: '',
    publishedTimestamp: localIso(5, id, 8, 30),
    isRoll: false,
    isPop: false,
    dismissed: false,
    ...overrides,
  };
}

/** As GET /api/SystemMessage/GetAllSystemMessage answers: newest first. */
const MESSAGES = [
  messageOf(3, {
    title: '系统维护通知',
    content: '6 月 1 日 02:00–04:00 系统维护，\n期间实时推送暂停。',
    publishedUserName: '运营小李',
    publishedTimestamp: localIso(5, 20, 21, 5),
  }),
  messageOf(2, {
    title: '新交易员上线',
    content: 'Gamma 已开放订阅。',
    publishedTimestamp: localIso(5, 12, 9, 0),
  }),
  messageOf(1, { title: '欢迎加入', content: '感谢您成为会员。', publishedTimestamp: localIso(5, 3, 9, 15) }),
];

const items = () => screen.getAllByTestId('notice-item');
const titles = () => items().map((item) => within(item).getByRole('heading').textContent);

describe('notices', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('lists every system message newest first, with title, content, publisher and time', async () => {
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/SystemMessage/GetAllSystemMessage': () => MESSAGES,
    });
    renderApp('/notice', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('notices-list');
    expect(titles()).toEqual(['系统维护通知', '新交易员上线', '欢迎加入']);
    const [maintenance, trader, welcome] = items();

    expect(maintenance).toHaveAccessibleName('系统维护通知');
    // The content keeps its line breaks.
    expect(maintenance!.querySelector('div.ant-typography')?.textContent).toBe(
      '6 月 1 日 02:00–04:00 系统维护，\n期间实时推送暂停。',
    );
    expect(within(maintenance!).getByTestId('notice-publisher')).toHaveTextContent('运营小李');
    expect(maintenance!.querySelector('time')).toHaveTextContent('2025-05-20 21:05');
    expect(maintenance!.querySelector('time')).toHaveAttribute('datetime', localIso(5, 20, 21, 5));

    expect(trader).toHaveTextContent('Gamma 已开放订阅。');
    // A blank publisher is the default administrator.
    expect(within(trader!).getByTestId('notice-publisher')).toHaveTextContent('默认管理员');
    expect(trader!.querySelector('time')).toHaveTextContent('2025-05-12 09:00');
    expect(within(welcome!).getByTestId('notice-publisher')).toHaveTextContent('默认管理员');
    expect(welcome).toHaveTextContent('2025-05-03 09:15');

    expect(screen.getByRole('heading', { level: 2, name: '公告' })).toBeInTheDocument();
    expect(screen.getByTestId('notices-page')).toHaveTextContent('平台发布的全部系统公告，最新的在最前面。');
    expect(screen.getByTestId('notices-page').querySelector('.ant-pagination')).toBeNull();
    expect(
      api.requests.filter((request) => request.path === '/api/SystemMessage/GetAllSystemMessage'),
    ).toHaveLength(1);
  });

  it('shows ten notices a page', async () => {
    const many = Array.from({ length: 12 }, (_, index) => messageOf(12 - index));
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/SystemMessage/GetAllSystemMessage': () => many,
    });
    const user = setupUser();
    renderApp('/notice', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('notices-list');
    expect(items()).toHaveLength(10);
    expect(titles()[0]).toBe('公告 12');
    expect(titles()[9]).toBe('公告 3');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(titles()).toEqual(['公告 2', '公告 1']));
  });

  it('shows a placeholder while loading, then says there are no notices, in both languages', async () => {
    let answer: (value: unknown) => void = () => {};
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/SystemMessage/GetAllSystemMessage': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/notice', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('notices-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('notices-empty')).not.toBeInTheDocument();

    answer([]);
    expect(await screen.findByTestId('notices-empty')).toHaveTextContent('暂无公告');
    expect(screen.queryByTestId('notice-item')).not.toBeInTheDocument();
    await changeLocale('en');
    await waitFor(() => expect(screen.getByTestId('notices-empty')).toHaveTextContent('No notices yet'));
    expect(screen.getByRole('heading', { level: 2, name: 'Notices' })).toBeInTheDocument();
    expect(screen.getByTestId('notices-page')).toHaveTextContent(
      'Every system notice of the portal, newest first.',
    );
  });

  it('names the default administrator in English', async () => {
    await changeLocale('en');
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/SystemMessage/GetAllSystemMessage': () => MESSAGES,
    });
    renderApp('/notice', { auth: FakeAuth.signedIn() });
    await screen.findByTestId('notices-list');
    expect(screen.getAllByTestId('notice-publisher').map((publisher) => publisher.textContent)).toEqual([
      '运营小李',
      'Default administrator',
      'Default administrator',
    ]);
  });

  it('follows the hub: a new message goes on top, an edited one changes, a removed one leaves', async () => {
    const api = stubApi({});
    const queryClient = createQueryClient();
    queryClient.setQueryData(hubKeys.systemMessages('user-1'), MESSAGES);
    const router = createMemoryRouter([{ path: '/', element: <NoticesPage /> }]);
    render(
      <Providers queryClient={queryClient} auth={FakeAuth.signedIn()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    await screen.findByTestId('notices-list');
    expect(titles()).toEqual(['系统维护通知', '新交易员上线', '欢迎加入']);
    // The hub's snapshot is there: nothing to ask the API.
    expect(api.requests).toHaveLength(0);

    act(() => {
      queryClient.setQueryData<SystemMessageDto[]>(hubKeys.systemMessages('user-1'), (current) =>
        applyChangeSystemMessage(current, {
          messagesToUpsert: [
            messageOf(4, { title: '节假日安排', publishedTimestamp: localIso(5, 25, 10, 0) }),
            { ...MESSAGES[1]!, content: 'Gamma 与 Delta 已开放订阅。' },
          ],
          popChanges: [],
          rollChanges: [],
          messagesToRemove: [1],
        }),
      );
    });
    await waitFor(() => expect(titles()).toEqual(['节假日安排', '系统维护通知', '新交易员上线']));
    expect(items()[2]).toHaveTextContent('Gamma 与 Delta 已开放订阅。');
    expect(items()[0]).toHaveTextContent('2025-05-25 10:00');
  });
});
