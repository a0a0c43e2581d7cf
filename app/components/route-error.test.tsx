import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../lib/i18n.ts';
import { renderApp } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module: /assets/page-old.js');
}

const routes = [
  { path: '/broken', Component: Broken },
  { path: '/missing', Component: Missing },
];

function Missing(): never {
  throw new Response('no such page', { status: 404 });
}

describe('the route error page', () => {
  beforeEach(async () => {
    await changeLocale('zh');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('offers a reload when a page fails (a chunk gone after a deploy), in both languages', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const user = setupUser();
    const { unmount } = renderApp('/broken', { routes });
    const notice = await screen.findByTestId('route-error');
    expect(within(notice).getByRole('heading', { level: 1 })).toHaveTextContent('页面加载失败');
    await user.click(within(notice).getByRole('button', { name: /刷新页面/ }));
    expect(reload).toHaveBeenCalledOnce();
    unmount();

    await changeLocale('en');
    renderApp('/broken', { routes });
    const english = await screen.findByTestId('route-error');
    expect(within(english).getByRole('heading', { level: 1 })).toHaveTextContent(/could not be loaded/i);
    expect(within(english).getByRole('button', { name: /reload/i })).toBeInTheDocument();
  });

  it('shows the 404 page for a route that answers 404', async () => {
    renderApp('/missing', { routes });
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByText('404')).toBeInTheDocument();
    expect(screen.queryByTestId('route-error')).not.toBeInTheDocument();
  });
});
