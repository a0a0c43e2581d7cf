import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SystemMessageDto } from '#shared/realtime.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { ADMIN_INFO, accountHandlers, problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

/** An ISO time that reads as the given local date and time on the page. */
const localTime = (month: number, day: number, hour: number, minute: number) =>
  new Date(2025, month - 1, day, hour, minute).toISOString();

function messageOf(overrides: Partial<SystemMessageDto>): SystemMessageDto {
  return {
    id: 1,
    title: '欢迎加入',
    content: '新会员请先阅读教程区的入门文章。',
    publishedUserName: '  ',
    publishedTimestamp: localTime(4, 1, 8, 0),
    isRoll: false,
    isPop: false,
    dismissed: false,
    ...overrides,
  };
}

// Newest first, as the server answers. The pop-flagged one was already closed, so no popup covers the page.
const MESSAGES: SystemMessageDto[] = [
  messageOf({
    id: 3,
    title: '周末系统维护通知',
    content: '本周六 02:00-04:00 暂停服务，请提前安排。',
    publishedUserName: '',
    publishedTimestamp: localTime(5, 6, 9, 30),
    isRoll: true,
  }),
  messageOf({
    id: 2,
    title: '新策略上线',
    content: 'BTC 短线策略已推送给订阅会员。',
    publishedUserName: '运营部',
    publishedTimestamp: localTime(5, 4, 18, 5),
    isPop: true,
    dismissed: true,
  }),
  messageOf({}),
];

/** The stubbed system-message API, keeping state like the server. */
function stubMessages({
  messages = MESSAGES,
  extra = {},
}: {
  messages?: SystemMessageDto[];
  extra?: Parameters<typeof stubApi>[0];
} = {}) {
  const state = messages.map((message) => ({ ...message }));
  const stub = stubApi({
    ...accountHandlers(ADMIN_INFO),
    'GET /api/SystemMessage/GetAllSystemMessage': () => state,
    'POST /api/SystemMessage/AddOrUpdateSystemMessage': ({ body }) => {
      const input = body as Omit<SystemMessageDto, 'id' | 'publishedUserName'> & {
        id?: number;
        publishedUserName: string | null;
      };
      const existing = state.find((message) => message.id === input.id);
      const saved: SystemMessageDto = {
        id: existing?.id ?? Math.max(0, ...state.map((message) => message.id)) + 1,
        title: input.title,
        content: input.content,
        publishedUserName: input.publishedUserName ?? '',
        publishedTimestamp: existing?.publishedTimestamp ?? localTime(5, 8, 10, 15),
        isRoll: input.isRoll,
        isPop: input.isPop,
        dismissed: false,
      };
      if (existing) Object.assign(existing, saved);
      else state.unshift(saved);
      return saved;
    },
    'POST /api/SystemMessage/UpdateSystemMessageIsRoll': () => ({ ok: true }),
    'POST /api/SystemMessage/UpdateSystemMessageIsPop': () => ({ ok: true }),
    'POST /api/SystemMessage/DeleteSystemMessage': () => ({ ok: true }),
    'POST /api/SystemMessage/DismissPop': () => ({ ok: true }),
    ...extra,
  });
  /** Addresses (with their query) of the POST calls, in order. */
  const posts = () =>
    stub.fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([input]) => String(input))
      .filter((url) => !url.includes('DismissPop'));
  const saves = () =>
    stub.requests
      .filter((request) => request.path === '/api/SystemMessage/AddOrUpdateSystemMessage')
      .map((request) => request.body);
  return { ...stub, state, posts, saves };
}

const table = () => screen.getByTestId('messages-table');
const rows = () => [...table().querySelectorAll('tr.ant-table-row')] as HTMLElement[];
const titles = () => screen.queryAllByTestId('message-row-title').map((title) => title.textContent);

const rowOf = (title: string) => {
  const row = rows().find((candidate) => within(candidate).queryByText(title));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

/** The message dialog (antd's ids are not unique in tests, so it is found by its form). */
const dialog = () => screen.getByTestId('message-form').closest('.ant-modal') as HTMLElement;

/** The errors shown under the dialog's fields, in form order. */
const fieldErrors = () =>
  [...screen.getByTestId('message-form').querySelectorAll('.ant-form-item-explain-error')].map(
    (error) => error.textContent,
  );

async function openPage(rowCount = 3) {
  renderApp('/admin/operation/system-message', { auth: FakeAuth.signedIn() });
  await screen.findByTestId('messages-table');
  await waitFor(() => expect(rows()).toHaveLength(rowCount));
}

describe('system messages', () => {
  let plays: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
    plays = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    plays.mockRestore();
  });

  it('lists messages newest first with publisher, time and their roll and pop switches', async () => {
    const api = stubMessages();
    await openPage();
    expect(titles()).toEqual(['周末系统维护通知', '新策略上线', '欢迎加入']);
    const [maintenance, strategy, welcome] = rows();
    expect(maintenance).toHaveTextContent('本周六 02:00-04:00 暂停服务，请提前安排。');
    // Spec §3: a blank publisher is the default administrator.
    expect(maintenance).toHaveTextContent('默认管理员');
    expect(maintenance).toHaveTextContent('2025-05-06 09:30');
    expect(strategy).toHaveTextContent('运营部');
    expect(strategy).toHaveTextContent('2025-05-04 18:05');
    expect(welcome).toHaveTextContent('默认管理员');

    expect(within(maintenance!).getByRole('switch', { name: '滚动显示“周末系统维护通知”' })).toBeChecked();
    expect(
      within(maintenance!).getByRole('switch', { name: '弹窗显示“周末系统维护通知”' }),
    ).not.toBeChecked();
    expect(within(strategy!).getByRole('switch', { name: '滚动显示“新策略上线”' })).not.toBeChecked();
    expect(within(strategy!).getByRole('switch', { name: '弹窗显示“新策略上线”' })).toBeChecked();
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    expect(api.posts()).toEqual([]);
  });

  it('creates a message: title and content are required, the publisher is not', async () => {
    const api = stubMessages();
    const user = setupUser();
    await openPage();
    await user.click(screen.getByTestId('message-add'));
    await waitFor(() => expect(dialog().querySelector('.ant-modal-title')).toHaveTextContent('新增系统消息'));
    await user.click(screen.getByTestId('message-save'));
    await waitFor(() => expect(fieldErrors()).toEqual(['消息标题为必填项', '消息内容为必填项']));

    await changeLocale('en');
    await waitFor(() =>
      expect(fieldErrors()).toEqual(['The message title is required', 'The message content is required']),
    );
    await changeLocale('zh');
    await waitFor(() => expect(fieldErrors()).toEqual(['消息标题为必填项', '消息内容为必填项']));
    expect(api.saves()).toEqual([]);

    await user.type(screen.getByTestId('message-title'), '  行情提醒 ');
    await user.type(screen.getByTestId('message-content'), '今晚美联储议息，注意控制仓位。');
    await user.click(screen.getByTestId('message-roll'));
    await user.click(screen.getByTestId('message-save'));
    expect(await screen.findByText('已发布消息“行情提醒”')).toBeInTheDocument();
    expect(api.saves()).toEqual([
      {
        title: '行情提醒',
        content: '今晚美联储议息，注意控制仓位。',
        publishedUserName: null,
        isRoll: true,
        isPop: false,
      },
    ]);
    await waitFor(() => expect(titles()).toEqual(['行情提醒', '周末系统维护通知', '新策略上线', '欢迎加入']));
    const added = rowOf('行情提醒');
    expect(added).toHaveTextContent('默认管理员');
    expect(added).toHaveTextContent('2025-05-08 10:15');
    expect(within(added).getByRole('switch', { name: '滚动显示“行情提醒”' })).toBeChecked();
  });

  it('edits a message with its id, starting from its stored values', async () => {
    const api = stubMessages();
    const user = setupUser();
    await openPage();
    await user.click(within(rowOf('新策略上线')).getByTestId('message-edit'));
    await waitFor(() => expect(dialog().querySelector('.ant-modal-title')).toHaveTextContent('编辑系统消息'));
    await waitFor(() => expect(screen.getByTestId('message-title')).toHaveValue('新策略上线'));
    expect(screen.getByTestId('message-content')).toHaveValue('BTC 短线策略已推送给订阅会员。');
    expect(screen.getByTestId('message-publisher')).toHaveValue('运营部');
    expect(screen.getByTestId('message-roll')).not.toBeChecked();
    expect(screen.getByTestId('message-pop')).toBeChecked();

    await user.clear(screen.getByTestId('message-title'));
    await user.type(screen.getByTestId('message-title'), '新策略上线（更新）');
    await user.clear(screen.getByTestId('message-publisher'));
    await user.click(screen.getByTestId('message-save'));
    expect(await screen.findByText('已保存消息“新策略上线（更新）”')).toBeInTheDocument();
    expect(api.saves()).toEqual([
      {
        id: 2,
        title: '新策略上线（更新）',
        content: 'BTC 短线策略已推送给订阅会员。',
        publishedUserName: null,
        isRoll: false,
        isPop: true,
      },
    ]);
    await waitFor(() => expect(titles()).toEqual(['周末系统维护通知', '新策略上线（更新）', '欢迎加入']));
    expect(rowOf('新策略上线（更新）')).toHaveTextContent('默认管理员');

    // The next new message starts empty, not from the one just edited.
    await user.click(screen.getByTestId('message-add'));
    await waitFor(() => expect(dialog().querySelector('.ant-modal-title')).toHaveTextContent('新增系统消息'));
    expect(screen.getByTestId('message-title')).toHaveValue('');
    expect(screen.getByTestId('message-pop')).not.toBeChecked();
  });

  it('deletes a message only after confirmation', async () => {
    const api = stubMessages();
    const user = setupUser();
    await openPage();
    await user.click(within(rowOf('新策略上线')).getByTestId('message-delete'));
    const confirm = () => document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;
    await waitFor(() => expect(confirm()).toHaveTextContent('确定删除该消息吗？'));
    expect(confirm()).toHaveTextContent('新策略上线');
    await user.click(within(confirm()).getByRole('button', { name: '取 消' }));
    expect(api.posts()).toEqual([]);
    expect(rows()).toHaveLength(3);

    await user.click(within(rowOf('新策略上线')).getByTestId('message-delete'));
    await waitFor(() => expect(confirm()).toHaveTextContent('确定删除该消息吗？'));
    await user.click(within(confirm()).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('已删除消息“新策略上线”')).toBeInTheDocument();
    expect(api.posts()).toEqual(['/api/SystemMessage/DeleteSystemMessage?messageId=2']);
    await waitFor(() => expect(titles()).toEqual(['周末系统维护通知', '欢迎加入']));
  });

  it('switches roll and pop at once through UpdateSystemMessageIsRoll and UpdateSystemMessageIsPop', async () => {
    const api = stubMessages();
    const user = setupUser();
    await openPage();

    await user.click(screen.getByRole('switch', { name: '滚动显示“欢迎加入”' }));
    expect(await screen.findByText('“欢迎加入”已加入滚动公告')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '滚动显示“欢迎加入”' })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: '弹窗显示“新策略上线”' }));
    expect(await screen.findByText('“新策略上线”已取消弹窗')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '弹窗显示“新策略上线”' })).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: '滚动显示“周末系统维护通知”' }));
    expect(await screen.findByText('“周末系统维护通知”已移出滚动公告')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '滚动显示“周末系统维护通知”' })).not.toBeChecked();

    await user.click(screen.getByRole('switch', { name: '弹窗显示“欢迎加入”' }));
    expect(await screen.findByText('“欢迎加入”已设为弹窗')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: '弹窗显示“欢迎加入”' })).toBeChecked();

    expect(api.posts()).toEqual([
      '/api/SystemMessage/UpdateSystemMessageIsRoll?messageId=1&newValue=true',
      '/api/SystemMessage/UpdateSystemMessageIsPop?messageId=2&newValue=false',
      '/api/SystemMessage/UpdateSystemMessageIsRoll?messageId=3&newValue=false',
      '/api/SystemMessage/UpdateSystemMessageIsPop?messageId=1&newValue=true',
    ]);
  });

  it('shows why a change failed and keeps what is stored', async () => {
    const api = stubMessages({
      extra: {
        'POST /api/SystemMessage/UpdateSystemMessageIsRoll': () =>
          problem(404, '消息不存在', { messageId: ['消息不存在'] }),
        'POST /api/SystemMessage/DeleteSystemMessage': () => problem(403, '只有管理员可以删除消息'),
        'POST /api/SystemMessage/AddOrUpdateSystemMessage': () =>
          problem(400, '输入无效', { title: ['内容过长'] }),
      },
    });
    const user = setupUser();
    await openPage();

    await user.click(screen.getByRole('switch', { name: '滚动显示“欢迎加入”' }));
    expect(await screen.findByText('消息不存在')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: '滚动显示“欢迎加入”' })).not.toBeChecked());
    expect(screen.queryByText('“欢迎加入”已加入滚动公告')).not.toBeInTheDocument();

    await user.click(within(rowOf('欢迎加入')).getByTestId('message-delete'));
    const confirm = await waitFor(() => {
      const popconfirm = document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)') as HTMLElement;
      expect(popconfirm).toHaveTextContent('确定删除该消息吗？');
      return popconfirm;
    });
    await user.click(within(confirm).getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('Permission Denied: 只有管理员可以删除消息')).toBeInTheDocument();
    expect(titles()).toEqual(['周末系统维护通知', '新策略上线', '欢迎加入']);

    await user.click(within(rowOf('欢迎加入')).getByTestId('message-edit'));
    await waitFor(() => expect(screen.getByTestId('message-title')).toHaveValue('欢迎加入'));
    await user.click(screen.getByTestId('message-save'));
    await waitFor(() => expect(fieldErrors()).toEqual(['内容过长']));
    expect(await screen.findByText('输入无效')).toBeInTheDocument();
    expect(dialog()).not.toHaveClass('ant-zoom-leave');
    expect(api.saves()).toHaveLength(1);
    expect(titles()).toEqual(['周末系统维护通知', '新策略上线', '欢迎加入']);
  });

  it('says when the messages cannot be loaded, and offers to retry', async () => {
    let fail = true;
    stubMessages({
      extra: {
        'GET /api/SystemMessage/GetAllSystemMessage': () =>
          fail ? problem(500, '服务暂时不可用') : [MESSAGES[0]],
      },
    });
    const user = setupUser();
    renderApp('/admin/operation/system-message', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('query-error')).toHaveTextContent('数据加载失败');
    expect(await screen.findByText('服务暂时不可用')).toBeInTheDocument();
    expect(screen.queryByTestId('messages-table')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: /重试/ }));
    await screen.findByTestId('messages-table');
    await waitFor(() => expect(titles()).toEqual(['周末系统维护通知']));
  });

  it('reads in English: columns, default publisher, switches and the empty list', async () => {
    await changeLocale('en');
    stubMessages({ messages: MESSAGES.slice(0, 1) });
    await openPage(1);
    const head = table().querySelector('thead') as HTMLElement;
    expect(head).toHaveTextContent('Title');
    expect(head).toHaveTextContent('Publisher');
    expect(head).toHaveTextContent('Published');
    expect(head).toHaveTextContent('Pop-up');
    expect(rows()[0]).toHaveTextContent('Default administrator');
    expect(screen.getByRole('switch', { name: 'Roll “周末系统维护通知”' })).toBeChecked();
    expect(screen.getByText('1 in total')).toBeInTheDocument();
    expect(screen.getByTestId('message-add')).toHaveTextContent('New message');
  });

  it('says when there are no messages yet, in both languages', async () => {
    stubMessages({ messages: [] });
    await openPage(0);
    await waitFor(() => expect(table()).toHaveTextContent('还没有系统消息'));
    await changeLocale('en');
    await waitFor(() => expect(table()).toHaveTextContent('No system messages yet'));
  });
});
