import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { problem, stubApi } from '../../testing/fake-api.ts';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="60"><text>ab12cd</text></svg>';

function captchas() {
  let issued = 0;
  return {
    handler: () => ({ captchaId: `captcha-${++issued}`, image: SVG, expiresInSeconds: 300 }),
    issued: () => issued,
  };
}

async function fillLogin(user: ReturnType<typeof setupUser>, password = 'Wrong-pass-1') {
  await user.type(await screen.findByTestId('login-email'), 'member@example.com');
  await user.type(screen.getByTestId('login-password'), password);
  await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
  await user.type(screen.getByTestId('login-captcha'), 'AB12CD');
  await user.click(screen.getByTestId('login-submit'));
}

describe('login screen', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows Fail_IncorrectPwd, then Fail_Lock, with a new captcha after every attempt', async () => {
    const captcha = captchas();
    const answers = [{ code: 2 }, { code: 1 }];
    const api = stubApi({
      'GET /Auth/Captcha': captcha.handler,
      'POST /Auth/PostLogin': () => answers.shift(),
    });
    const user = setupUser();
    renderApp('/Account/Login?interaction=abc');

    await fillLogin(user);
    const outcome = await screen.findByTestId('login-outcome');
    expect(outcome).toHaveTextContent('用户名或密码错误');
    expect(outcome).toHaveTextContent('Fail_IncorrectPwd');
    expect(api.requests.find((request) => request.path === '/Auth/PostLogin')?.body).toEqual({
      email: 'member@example.com',
      password: 'Wrong-pass-1',
      captcha: 'AB12CD',
      captchaId: 'captcha-1',
      rememberMe: false,
    });
    await waitFor(() => expect(captcha.issued()).toBe(2));
    expect(screen.getByTestId('login-captcha')).toHaveValue('');

    await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
    await user.type(screen.getByTestId('login-captcha'), 'AB12CD');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-outcome')).toHaveTextContent('Fail_Lock'));
    expect(screen.getByTestId('login-outcome')).toHaveTextContent('账户已锁定，请联系管理员');
    expect(api.requests.filter((request) => request.path === '/Auth/PostLogin')[1]?.body).toMatchObject({
      captchaId: 'captcha-2',
    });
    await waitFor(() => expect(captcha.issued()).toBe(3));
  });

  it('puts a wrong captcha and an unconfirmed e-mail on their fields', async () => {
    const answers = [
      problem(400, '图形验证码错误或已过期，请重新输入', { captcha: ['图形验证码错误或已过期，请重新输入'] }),
      problem(403, '邮箱尚未确认，请先点击确认邮件中的链接', {
        email: ['邮箱尚未确认，请先点击确认邮件中的链接'],
      }),
    ];
    stubApi({
      'GET /Auth/Captcha': captchas().handler,
      'POST /Auth/PostLogin': () => answers.shift(),
    });
    const user = setupUser();
    renderApp('/Account/Login?interaction=abc');
    await fillLogin(user, 'Right-pass-1');
    const form = screen.getByTestId('login-form');
    expect(await within(form).findByText('图形验证码错误或已过期，请重新输入')).toBeInTheDocument();
    // Shown beside the field, not again as a toast.
    expect(screen.getAllByText('图形验证码错误或已过期，请重新输入')).toHaveLength(1);

    await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
    await user.type(screen.getByTestId('login-captcha'), 'AB12CD');
    await user.click(screen.getByTestId('login-submit'));
    expect(await within(form).findByText('邮箱尚未确认，请先点击确认邮件中的链接')).toBeInTheDocument();
    expect(screen.queryByText(/Permission Denied/)).not.toBeInTheDocument();
  });

  it('asks for the authenticator code after the right password, or a recovery code', async () => {
    const seconds = [{ code: 2 }, { code: 0, redirectUrl: 'http://localhost/oidc/auth/resume' }];
    const api = stubApi({
      'GET /Auth/Captcha': captchas().handler,
      'POST /Auth/PostLogin': () => ({ code: 0, twoFactorRequired: true, twoFactorToken: 'step-token' }),
      'POST /Auth/PostLoginTwoFactor': () => seconds.shift(),
    });
    const user = setupUser();
    renderApp('/Account/Login?interaction=abc');
    await fillLogin(user, 'Right-pass-1');

    const code = await screen.findByTestId('two-factor-code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.queryByTestId('login-form')).toBeNull();
    await user.type(code, '12');
    await user.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText('验证码为6位数字')).toBeInTheDocument();
    await user.type(code, '3456');
    await user.click(screen.getByTestId('two-factor-submit'));
    const outcome = await screen.findByTestId('two-factor-outcome');
    expect(outcome).toHaveTextContent('验证码错误、已过期或已使用');
    expect(api.requests.find((request) => request.path === '/Auth/PostLoginTwoFactor')?.body).toEqual({
      twoFactorToken: 'step-token',
      code: '123456',
    });

    await user.click(screen.getByTestId('two-factor-switch'));
    const recovery = await screen.findByTestId('two-factor-recovery');
    await user.type(recovery, 'abcde-12345');
    await user.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/Auth/PostLoginTwoFactor')[1]?.body).toEqual({
        twoFactorToken: 'step-token',
        recoveryCode: 'abcde-12345',
      }),
    );
    // Signed in: the browser leaves for the provider's resume address (the button stays busy until it does).
    await waitFor(() => expect(screen.getByTestId('two-factor-submit')).toHaveClass('ant-btn-loading'));
  });

  it('restarts the sign-in flow when the page has expired (409)', async () => {
    stubApi({
      'GET /Auth/Captcha': captchas().handler,
      'POST /Auth/PostLogin': () =>
        problem(409, 'The sign-in page has expired: start again.', { interaction: ['expired'] }),
    });
    const auth = new FakeAuth();
    const user = setupUser();
    renderApp('/Account/Login?interaction=abc', { auth });
    await fillLogin(user);
    await waitFor(() => expect(auth.calls).toContainEqual({ method: 'signInRedirect', argument: '/' }));
    expect(await screen.findByText('登录页面已过期，正在重新开始登录…')).toBeInTheDocument();
  });

  it('checks the fields with the shared rules, in the interface language', async () => {
    stubApi({ 'GET /Auth/Captcha': captchas().handler });
    const user = setupUser();
    renderApp('/Account/Login?interaction=abc');
    await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
    await user.click(screen.getByTestId('login-submit'));
    // antd shows each field's error once that field's check has run: on a busy machine not all at once.
    expect(await screen.findByText('请输入邮箱')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    await user.type(screen.getByTestId('login-captcha'), 'abc');
    expect(await screen.findByText('图形验证码为6个字符')).toBeInTheDocument();
    await changeLocale('en');
    expect(await screen.findByText('Please enter your e-mail')).toBeInTheDocument();
    expect(await screen.findByText('The graphic captcha has 6 characters')).toBeInTheDocument();
  });

  it('starts the provider flow itself without an interaction, keeping the message', async () => {
    const auth = new FakeAuth();
    renderApp('/Account/Login?returnUrl=%2Fteach&message=Session%20expired', { auth });
    await waitFor(() => expect(auth.calls).toEqual([{ method: 'signInRedirect', argument: '/teach' }]));
    expect(window.sessionStorage.getItem('auth.loginMessage')).toBe('Session expired');
    expect(await screen.findByTestId('sign-in-progress')).toHaveTextContent('正在前往登录');
  });

  it('shows the kept message when the provider brings the person back', async () => {
    window.sessionStorage.setItem('auth.loginMessage', '请重新登录');
    stubApi({ 'GET /Auth/Captcha': captchas().handler });
    renderApp('/Account/Login?interaction=abc');
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('请重新登录');
    await waitFor(() => expect(window.sessionStorage.getItem('auth.loginMessage')).toBeNull());
  });
});

describe('register mode', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('requires the terms and the region statement, both checked by default', async () => {
    stubApi({});
    const user = setupUser();
    renderApp('/authentication/register');
    expect(await screen.findByTestId('register-terms')).toBeChecked();
    expect(screen.getByTestId('register-region')).toBeChecked();
    await user.click(screen.getByTestId('register-terms'));
    await user.click(screen.getByTestId('register-region'));
    await user.click(screen.getByTestId('register-submit'));
    const form = screen.getByTestId('register-form');
    expect(await within(form).findByText('请阅读并同意用户协议')).toBeInTheDocument();
    expect(await within(form).findByText('您必须确认自己不是受限地区的居民')).toBeInTheDocument();
    // And a warning toast (spec §5): the text shows twice, beside the box and in the toast.
    await waitFor(() => expect(screen.getAllByText('请阅读并同意用户协议')).toHaveLength(2));
    expect(document.querySelector('.ant-message-notice-warning')).toHaveTextContent('请阅读并同意用户协议');
  });

  it('checks the password rules and registers, then says the e-mail must be confirmed', async () => {
    const api = stubApi({ 'POST /Auth/PostRegister': () => ({ ok: true }) });
    const user = setupUser();
    renderApp('/authentication/register');
    await user.type(await screen.findByTestId('register-email'), 'new@example.com');
    await user.type(screen.getByTestId('register-password'), 'short');
    expect(await screen.findByText('密码长度须为8-30个字符')).toBeInTheDocument();
    await user.type(screen.getByTestId('register-password'), '-but-long-now');
    await user.type(screen.getByTestId('register-confirm'), 'something-else');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    await user.clear(screen.getByTestId('register-confirm'));
    await user.type(screen.getByTestId('register-confirm'), 'short-but-long-now');
    await user.click(screen.getByTestId('register-submit'));

    const done = await screen.findByTestId('register-done');
    expect(done).toHaveTextContent('需要确认邮箱');
    expect(done).toHaveTextContent('new@example.com');
    expect(api.requests.find((request) => request.path === '/Auth/PostRegister')?.body).toEqual({
      email: 'new@example.com',
      password: 'short-but-long-now',
      confirm: 'short-but-long-now',
      agreeTerms: true,
      notRestrictedResident: true,
      locale: 'zh',
    });
  });

  it('opens the full terms of use and the restricted-regions notice', async () => {
    stubApi({});
    const user = setupUser();
    renderApp('/authentication/register');
    await user.click(await screen.findByTestId('open-terms'));
    const terms = await screen.findByTestId('terms-of-use');
    expect(terms).toHaveTextContent('十三、责任限制');
    await user.click(screen.getByTestId('terms-of-use-close'));
    await user.click(screen.getByTestId('open-regions'));
    expect(await screen.findByTestId('restricted-regions')).toHaveTextContent('中国大陆');
    // Opening a document does not untick its box.
    expect(screen.getByTestId('register-terms')).toBeChecked();
    expect(screen.getByTestId('register-region')).toBeChecked();
  });
});

describe('forgot-password mode', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('sends once, only for a valid e-mail, then locks the e-mail and says the code was sent', async () => {
    const api = stubApi({ 'POST /Auth/PostForgetPassword': () => ({ ok: true }) });
    const user = setupUser();
    renderApp('/authentication/forgotpassword');
    const send = await screen.findByTestId('forgot-submit');
    expect(send).toBeDisabled();
    await user.type(screen.getByTestId('forgot-email'), 'not-an-email');
    expect(await screen.findByText('请输入有效的邮箱地址')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.clear(screen.getByTestId('forgot-email'));
    await user.type(screen.getByTestId('forgot-email'), 'member@example.com');
    await waitFor(() => expect(screen.getByTestId('forgot-submit')).toBeEnabled());
    await user.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent('member@example.com');
    expect(screen.getByTestId('forgot-email')).toBeDisabled();
    expect(screen.getByTestId('forgot-submit')).toBeDisabled();
    expect(api.requests.filter((request) => request.path === '/Auth/PostForgetPassword')).toHaveLength(1);
  });

  it('sets a new password with the code of the link, then reports success on the disabled button', async () => {
    const answers = [
      problem(400, '重置码无效或已过期，请重新申请', { resetCode: ['重置码无效或已过期，请重新申请'] }),
      { ok: true },
    ];
    const api = stubApi({ 'POST /Auth/PostPasswordReset': () => answers.shift() });
    const user = setupUser();
    renderApp('/authentication/forgotpassword?code=CODE123&userId=user-9');
    expect(await screen.findByTestId('reset-code')).toHaveValue('CODE123');
    await user.type(screen.getByTestId('reset-password'), 'Brand-new-1');
    await user.type(screen.getByTestId('reset-confirm'), 'Brand-new-1');
    await user.click(screen.getByTestId('reset-submit'));
    expect(
      await within(screen.getByTestId('reset-form')).findByText('重置码无效或已过期，请重新申请'),
    ).toBeInTheDocument();

    await user.click(screen.getByTestId('reset-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('reset-submit')).toHaveTextContent('密码已重置，请返回登录'),
    );
    expect(screen.getByTestId('reset-submit')).toBeDisabled();
    expect(screen.getByTestId('reset-back')).toBeEnabled();
    expect(api.requests.at(-1)?.body).toEqual({
      password: 'Brand-new-1',
      confirm: 'Brand-new-1',
      resetCode: 'CODE123',
      userId: 'user-9',
    });
  });
});
