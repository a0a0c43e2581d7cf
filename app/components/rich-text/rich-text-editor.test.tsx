import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n.ts';
import { createQueryClient, Providers } from '../../providers.tsx';
import { FakeAuth } from '../../testing/fake-auth.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

function renderEditor(value: string, onChange = vi.fn()) {
  const router = createMemoryRouter([
    { path: '/', element: <RichTextEditor value={value} onChange={onChange} /> },
  ]);
  render(
    <StrictMode>
      <Providers queryClient={createQueryClient()} auth={FakeAuth.signedIn()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return onChange;
}

describe('RichTextEditor', () => {
  // jsdom's browser language is English: each test starts in Chinese, whatever ran before it.
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it('starts with the stored article, even when mounted twice in a row', async () => {
    renderEditor('<h2>什么是十字星</h2><ul><li>开盘价</li></ul>');
    const content = await screen.findByTestId('rich-text-editor-content');
    expect(content.querySelector('h2')).toHaveTextContent('什么是十字星');
    expect(content.querySelector('li')).toHaveTextContent('开盘价');
  });

  it('names itself in the interface language, and follows a switch', async () => {
    renderEditor('<p>x</p>');
    const content = await screen.findByTestId('rich-text-editor-content');
    expect(content).toHaveAttribute('aria-label', '正文编辑器');
    await act(() => changeLocale('en'));
    expect(content).toHaveAttribute('aria-label', 'Content editor');
  });
});
