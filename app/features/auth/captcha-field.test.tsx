import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { stubApi } from '../../testing/fake-api.ts';
import { renderApp, setClientWidth } from '../../testing/render-app.tsx';
import { setupUser } from '../../testing/user.ts';

// The sign-in screen's captcha for people who cannot see it: the image says what it is for, a named button
// shows a new one, and a polite live region says when the image has changed.

function captchas() {
  let issued = 0;
  return {
    handler: () => {
      issued += 1;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="60"><text>code${issued}</text></svg>`;
      return { captchaId: `captcha-${issued}`, image: svg, expiresInSeconds: 300 };
    },
    issued: () => issued,
  };
}

const imageSource = () => screen.getByTestId('captcha-image').querySelector('img')?.getAttribute('src');

describe('captcha field', () => {
  beforeEach(async () => {
    setClientWidth(1600);
    await changeLocale('zh');
  });

  it('gives the image a text alternative and one refresh button, in Chinese and English', async () => {
    stubApi({ 'GET /Auth/Captcha': captchas().handler });
    renderApp('/Account/Login?interaction=abc');
    const image = await screen.findByRole(
      'img',
      { name: '图形验证码：请输入图中的 6 个字符' },
      { timeout: 10_000 },
    );
    expect(image.tagName).toBe('IMG');
    // One control to refresh: the image itself is a pointer shortcut, not a second button of the same name.
    expect(screen.getAllByRole('button', { name: '换一张验证码' })).toHaveLength(1);
    expect(screen.getByTestId('captcha-image')).not.toHaveAttribute('role');
    expect(screen.getByTestId('captcha-image')).not.toHaveAttribute('tabindex');
    // Nothing is announced for the first image: the field and the image introduce it.
    expect(screen.getByRole('status')).toHaveTextContent('');

    await changeLocale('en');
    expect(await screen.findByRole('img', { name: 'Captcha image: type the 6 characters it shows' })).toBe(
      image,
    );
    expect(screen.getByRole('button', { name: 'Show a new captcha image' })).toBeInTheDocument();
  });

  it('shows a new image from the keyboard, keeps focus on the button and announces it', async () => {
    const captcha = captchas();
    stubApi({ 'GET /Auth/Captcha': captcha.handler });
    const user = setupUser();
    renderApp('/Account/Login?interaction=abc');
    await screen.findByRole('img', { name: /图形验证码/ }, { timeout: 10_000 });
    const first = imageSource();

    // From the captcha input, Tab goes to the refresh button (the image is not a tab stop).
    screen.getByTestId('login-captcha').focus();
    await user.tab();
    const refresh = screen.getByRole('button', { name: '换一张验证码' });
    expect(refresh).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(captcha.issued()).toBe(2));
    await waitFor(() => expect(imageSource()).not.toBe(first));
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent('已换一张新的验证码'));
    expect(refresh).toHaveFocus();

    // Space does it again; the region is emptied while the next image loads, so it is announced again.
    await user.keyboard(' ');
    await waitFor(() => expect(captcha.issued()).toBe(3));
    await waitFor(() => expect(status).toHaveTextContent('已换一张新的验证码'));

    // A click on the image is the pointer's shortcut to the same thing.
    await user.click(screen.getByTestId('captcha-image'));
    await waitFor(() => expect(captcha.issued()).toBe(4));
  });

  it('says so when the image cannot be loaded', async () => {
    stubApi({ 'GET /Auth/Captcha': () => new Response('', { status: 503 }) });
    renderApp('/Account/Login?interaction=abc');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('验证码加载失败'), {
      timeout: 10_000,
    });
    expect(screen.getByRole('button', { name: '换一张验证码' })).toBeEnabled();
  });
});
