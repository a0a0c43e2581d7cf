import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { stubApi } from '../../testing/fake-api.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';
import { pendingInviteCode } from './invite-code.ts';

async function fillAndSubmit(user: ReturnType<typeof setupUser>) {
  await user.type(await screen.findByTestId('register-email'), 'friend@example.com');
  await user.type(screen.getByTestId('register-password'), 'Long-enough-1');
  await user.type(screen.getByTestId('register-confirm'), 'Long-enough-1');
  await user.click(screen.getByTestId('register-submit'));
  await screen.findByTestId('register-done');
}

describe('registering through an invitation link', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('shows the code of the link, sends it with the registration, then forgets it', async () => {
    const api = stubApi({ 'POST /Auth/PostRegister': () => ({ ok: true }) });
    const user = setupUser();
    renderApp('/authentication/register?invite=abcd2345');
    expect(await screen.findByTestId('register-invite')).toHaveTextContent('您正在使用邀请码 ABCD2345 注册');
    await fillAndSubmit(user);
    expect(api.requests.find((request) => request.path === '/Auth/PostRegister')?.body).toMatchObject({
      email: 'friend@example.com',
      inviteCode: 'ABCD2345',
    });
    expect(pendingInviteCode()).toBeNull();
  });

  it('remembers the code when the person comes back later without it in the address', async () => {
    stubApi({});
    const first = renderApp('/authentication/register?invite=WXYZ6789');
    await screen.findByTestId('register-invite');
    first.unmount();
    await changeLocale('en');
    renderApp('/authentication/register');
    expect(await screen.findByTestId('register-invite')).toHaveTextContent(
      'You are registering with the invite code WXYZ6789',
    );
  });

  it('registers without the code once the person removes it, and without one when the link had none', async () => {
    const api = stubApi({ 'POST /Auth/PostRegister': () => ({ ok: true }) });
    const user = setupUser();
    renderApp('/authentication/register?invite=ABCD2345');
    await screen.findByTestId('register-invite');
    await user.click(screen.getByRole('button', { name: '不使用邀请码' }));
    await waitFor(() => expect(screen.queryByTestId('register-invite')).not.toBeInTheDocument());
    expect(pendingInviteCode()).toBeNull();
    await fillAndSubmit(user);
    expect(api.requests.find((request) => request.path === '/Auth/PostRegister')?.body).not.toHaveProperty(
      'inviteCode',
    );
  });

  it('keeps nothing from a link whose code cannot be one', async () => {
    stubApi({});
    renderApp('/authentication/register?invite=<script>');
    await screen.findByTestId('register-form');
    expect(screen.queryByTestId('register-invite')).not.toBeInTheDocument();
    expect(pendingInviteCode()).toBeNull();
  });
});
