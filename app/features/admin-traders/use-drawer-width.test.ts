import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAWER_WIDTH } from '#shared/constants.ts';
import { useDrawerWidth } from './use-drawer-width.ts';

const initialWidth = window.innerWidth;

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('useDrawerWidth', () => {
  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: initialWidth });
  });

  it('is 980 on screens over 1200 and the whole screen otherwise, following resizes (spec §9)', () => {
    resizeTo(1600);
    const { result } = renderHook(() => useDrawerWidth());
    expect(result.current).toBe(DRAWER_WIDTH);
    act(() => resizeTo(1201));
    expect(result.current).toBe(980);
    act(() => resizeTo(1200));
    expect(result.current).toBe(1200);
    act(() => resizeTo(390));
    expect(result.current).toBe(390);
  });
});
