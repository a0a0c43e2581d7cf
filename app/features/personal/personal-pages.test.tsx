import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import {
  ADMIN_INFO,
  accountHandlers,
  NON_MEMBER_INFO,
  personalInfoOf,
  problem,
  sessionOf,
  stubApi,
} from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';
import { AVATAR_MAX_BYTES, avatarFileProblem } from './personal-edit-page.tsx';

describe('account info', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the profile, membership and expiry, its days counted as the back office counts them', async () => {
    // The API's own count is in the server's time zone; the page counts the date in the viewer's, as the
    // back office does (a 30-day membership set a moment ago reads 30 on both).
    const expiry = dayjs().add(12, 'day');
    stubApi(
      accountHandlers(personalInfoOf({ memberDaysRemaining: 11, memberExpiryDate: expiry.toISOString() })),
    );
    renderApp('/personal/info', { auth: FakeAuth.signedIn() });
    const info = await screen.findByTestId('personal-info');
    expect(screen.getByTestId('personal-name')).toHaveTextContent('Lin');
    expect(screen.getByTestId('membership-level')).toHaveTextContent('标准会员');
    for (const text of [
      'member@example.com',
      expiry.format('LL'),
      '12 天',
      '女',
      '+86 138 1234 5678',
      '已验证',
    ]) {
      expect(info).toHaveTextContent(text);
    }
    // The points are the member credit balance, with a link to their history.
    expect(screen.getByTestId('personal-points')).toHaveTextContent('300');
    expect(screen.getByTestId('personal-points-history')).toHaveAttribute(
      'href',
      '/personal/invitation#credit',
    );
    expect(info).toHaveTextContent('5b0c3f64-7a43-4f0e-9a55-3d2c1e1f0a11');
    expect(within(info).getByTestId('personal-avatar').querySelector('img')).toHaveAttribute(
      'src',
      '/media/default-avatar.svg',
    );
    expect(screen.queryByTestId('pending-email')).not.toBeInTheDocument();
  });

  it('tells a non-member, and shows a pending e-mail change', async () => {
    stubApi(accountHandlers({ ...NON_MEMBER_INFO, pendingEmail: 'next@example.com' }));
    await changeLocale('en');
    renderApp('/personal/info', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('membership-level')).toHaveTextContent('Not a member');
    expect(screen.getByTestId('not-member-hint')).toHaveTextContent('contact customer service');
    expect(screen.getByTestId('pending-email')).toHaveTextContent('next@example.com');
  });

  it('shows an administrator as a member without expiry', async () => {
    stubApi(accountHandlers(ADMIN_INFO));
    renderApp('/personal/info', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('membership-level')).toHaveTextContent('管理员');
    expect(screen.getByTestId('personal-info')).toHaveTextContent('长期有效');
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    stubApi({
      'GET /api/PersonalInfo/GetPersonalInfo': () => problem(503, 'The database does not answer.'),
      'GET /api/PersonalInfo/UserVo': () => ({ pic: '/media/default-avatar.svg' }),
    });
    renderApp('/personal/info', { auth: FakeAuth.signedIn() });
    expect(await screen.findByTestId('query-error')).toHaveTextContent('数据加载失败');
    expect(await screen.findByText('The database does not answer.')).toBeInTheDocument();
  });
});

describe('edit profile', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('saves the nickname, gender and phone', async () => {
    const api = stubApi({
      ...accountHandlers(personalInfoOf({ nickName: null, gender: null, phone: null })),
      'POST /api/PersonalInfo/UpdatePersonalInfo': () => ({ ok: true }),
    });
    const user = setupUser();
    renderApp('/personal/edit', { auth: FakeAuth.signedIn() });
    await user.type(await screen.findByTestId('edit-nickname'), 'Qiao');
    await user.click(screen.getByLabelText('保密'));
    await user.type(screen.getByTestId('edit-phone'), '12');
    expect(await screen.findByText('请输入有效的电话号码')).toBeInTheDocument();
    await user.type(screen.getByTestId('edit-phone'), '345678');
    await user.click(screen.getByTestId('edit-save'));
    expect(await screen.findByText('资料已保存')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      nickName: 'Qiao',
      phone: '12345678',
      gender: 'undisclosed',
    });
  });

  it('checks the avatar file and reports a failed upload', async () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 1024 })).toBe('type');
    expect(avatarFileProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe('size');

    stubApi({
      ...accountHandlers(personalInfoOf()),
      'POST /api/PersonalInfo/UploadAvatar': () =>
        problem(400, 'The image cannot be read.', { file: ['The image cannot be read.'] }),
    });
    renderApp('/personal/edit', { auth: FakeAuth.signedIn() });
    // rc-upload replaces its input after every choice.
    await screen.findByTestId('avatar-upload');
    const input = () =>
      screen.getByTestId('avatar-upload').querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('上传失败: 请选择 JPG、PNG、WebP 或 GIF 图片')).toBeInTheDocument();
    fireEvent.change(input(), { target: { files: [new File(['x'], 'broken.png', { type: 'image/png' })] } });
    expect(await screen.findByText('上传失败: The image cannot be read.')).toBeInTheDocument();
  });
});

describe('security settings', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('puts a wrong current password on its field', async () => {
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => [sessionOf()],
      'POST /Auth/PostChangePassword': () =>
        problem(400, '当前密码错误', { currentPassword: ['当前密码错误'] }),
    });
    const user = setupUser();
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    await user.type(await screen.findByTestId('current-password'), 'Wrong-pass-1');
    await user.type(screen.getByTestId('new-password'), 'Next-pass-1');
    await user.type(screen.getByTestId('confirm-password'), 'Next-pass-1');
    await user.click(screen.getByTestId('change-password-submit'));
    const form = screen.getByTestId('change-password-form');
    expect(await within(form).findByText('当前密码错误')).toBeInTheDocument();
    expect(screen.getAllByText('当前密码错误')).toHaveLength(1);
  });

  it('asks for the e-mail change and says the link went to the new address', async () => {
    const api = stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => [sessionOf()],
      'POST /Auth/PostChangeEmail': () => ({ ok: true }),
    });
    const user = setupUser();
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    await user.type(await screen.findByTestId('new-email'), 'next@example.com');
    await user.type(screen.getByTestId('email-password'), 'My-pass-1');
    await user.click(screen.getByTestId('change-email-submit'));
    expect(await screen.findByTestId('email-change-sent')).toHaveTextContent('next@example.com');
    expect(api.requests.find((request) => request.path === '/Auth/PostChangeEmail')?.body).toEqual({
      newEmail: 'next@example.com',
      password: 'My-pass-1',
      locale: 'zh',
    });
  });

  it('changes the password, says the other devices were signed out and lists only this one', async () => {
    let sessions = [sessionOf(), sessionOf({ id: 'session-2', current: false, ip: '198.51.100.4' })];
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => sessions,
      'POST /Auth/PostChangePassword': () => {
        sessions = [sessionOf()];
        return { ok: true };
      },
    });
    const user = setupUser();
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('sessions-table');
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(2));
    await user.type(screen.getByTestId('current-password'), 'My-pass-1');
    await user.type(screen.getByTestId('new-password'), 'Next-pass-1');
    await user.type(screen.getByTestId('confirm-password'), 'Next-pass-1');
    await user.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('密码已修改，其他设备已退出登录')).toBeInTheDocument();
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(1));
  });

  it('signs the other devices out when an e-mail change is sent, and says so beforehand', async () => {
    let sessions = [sessionOf(), sessionOf({ id: 'session-2', current: false, ip: '198.51.100.4' })];
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => sessions,
      'POST /Auth/PostChangeEmail': () => {
        sessions = [sessionOf()];
        return { ok: true };
      },
    });
    await changeLocale('en');
    const user = setupUser();
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('sessions-table');
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(2));
    expect(screen.getByText(/Your other devices are signed out when you send it/)).toBeInTheDocument();
    await user.type(screen.getByTestId('new-email'), 'next@example.com');
    await user.type(screen.getByTestId('email-password'), 'My-pass-1');
    await user.click(screen.getByTestId('change-email-submit'));
    expect(await screen.findByTestId('email-change-sent')).toHaveTextContent('next@example.com');
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(1));
  });

  it('lists the sessions and ends the others after confirmation', async () => {
    let sessions = [
      sessionOf(),
      sessionOf({ id: 'session-2', current: false, ip: '198.51.100.4', userAgent: null }),
    ];
    stubApi({
      ...accountHandlers(personalInfoOf()),
      'GET /api/PersonalInfo/Sessions': () => sessions,
      'POST /api/PersonalInfo/EndOtherSessions': () => {
        sessions = [sessionOf()];
        return { ended: 1 };
      },
    });
    const user = setupUser();
    renderApp('/personal/safeset', { auth: FakeAuth.signedIn() });
    const table = await screen.findByTestId('sessions-table');
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(2));
    expect(table).toHaveTextContent('Linux 上的 Chrome');
    expect(table).toHaveTextContent('未知设备');
    expect(table).toHaveTextContent('198.51.100.4');
    expect(within(table).getAllByTestId('this-device')).toHaveLength(1);

    await user.click(screen.getByTestId('end-other-sessions'));
    expect(await screen.findByText('除本设备外，所有设备都将退出登录。')).toBeInTheDocument();
    await user.click(screen.getByTestId('end-others-ok'));
    expect(await screen.findByText('已结束 1 个会话')).toBeInTheDocument();
    await waitFor(() => expect(table.querySelectorAll('tr.ant-table-row')).toHaveLength(1));
    expect(screen.getByTestId('end-other-sessions')).toBeDisabled();
  });
});
