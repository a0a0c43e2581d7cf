import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../lib/i18n.ts';
import { renderApp } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';
import { Pager, pagerItems } from './pager.tsx';

describe('pagerItems', () => {
  it('lists every page up to nine', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("lists the first, the last and two on each side of the current page, as antd's Pagination does", () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'forward', 20]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'forward', 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'forward', 20]);
    expect(pagerItems(5, 20)).toEqual([1, 'backward', 3, 4, 5, 6, 7, 'forward', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'backward', 8, 9, 10, 11, 12, 'forward', 20]);
    expect(pagerItems(17, 20)).toEqual([1, 'backward', 15, 16, 17, 18, 19, 20]);
    expect(pagerItems(18, 20)).toEqual([1, 'backward', 16, 17, 18, 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'backward', 16, 17, 18, 19, 20]);
  });
});

let probe = { current: 1, total: 0, onChange: (_page: number) => {} };

function PagerProbe() {
  return (
    <>
      <h1>pages</h1>
      <Pager
        current={probe.current}
        pageSize={10}
        total={probe.total}
        onChange={probe.onChange}
        testId="pager"
      />
    </>
  );
}

describe('Pager', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  function renderPager(current: number, total: number) {
    const onChange = vi.fn();
    probe = { current, total, onChange };
    renderApp('/', { routes: [{ path: '/', Component: PagerProbe }] });
    return onChange;
  }

  it('shows nothing for a single page', async () => {
    renderPager(1, 10);
    await screen.findByRole('heading', { name: 'pages' });
    expect(screen.queryByTestId('pager')).not.toBeInTheDocument();
  });

  it('moves by page, by five behind the ellipses, and never past either end', async () => {
    const user = setupUser();
    const onChange = renderPager(10, 200);
    const pager = await screen.findByTestId('pager');
    expect(screen.getByRole('button', { name: '第 10 页' })).toHaveAttribute('aria-current', 'page');
    expect(pager.querySelectorAll('[aria-current]')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await user.click(screen.getByRole('button', { name: '上一页' }));
    await user.click(screen.getByRole('button', { name: '向后 5 页' }));
    await user.click(screen.getByRole('button', { name: '向前 5 页' }));
    await user.click(screen.getByRole('button', { name: '第 20 页' }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([11, 9, 15, 5, 20]);
  });

  it('cannot go before the first page or after the last', async () => {
    const user = setupUser();
    const onChange = renderPager(1, 30);
    expect(await screen.findByRole('button', { name: '上一页' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '第 3 页' }));
    expect(onChange).toHaveBeenCalledWith(3);
    expect(screen.getByRole('button', { name: '下一页' })).toBeEnabled();
  });
});
