import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { LOCALES } from '#shared/constants.ts';
import { closeHub } from '../lib/hub/hub-runtime.ts';
import { i18n, loadAdminTexts, loadTexts, startI18n } from '../lib/i18n.ts';
import { detectLocale } from '../lib/locale.ts';
import { skipOwnerStacks } from './owner-stacks.ts';

skipOwnerStacks();

/** jsdom's window width. */
const JSDOM_WIDTH = 1024;

// Lazy routes import their modules on first use; on a busy machine that takes longer than the 1 s default,
// and beside the browser journeys with both cores kept busy, a chart's first import took over 15 s.
configure({ asyncUtilTimeout: 30_000 });

// The app loads the visitor's language before its first render, and the other on a switch; component tests
// render without main.tsx and switch languages freely: both are there from the start. The back office's
// texts arrive with the admin layout's route; component tests render its pages directly.
await Promise.all(LOCALES.map((locale) => loadTexts(locale)));
await startI18n();
await loadAdminTexts();

// The component tests share one module graph and one window (`isolate: false` in vitest.config.ts): this file
// runs before each test file, which starts as a fresh page would. A previous file may have switched the
// language, left its last render or narrowed the window.
cleanup();
document.body.innerHTML = '';
window.localStorage.clear();
window.sessionStorage.clear();
await i18n.changeLanguage(detectLocale());
Reflect.deleteProperty(document.documentElement, 'clientWidth');
Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: JSDOM_WIDTH });

// jsdom lacks the layout APIs antd relies on. matchMedia answers width queries against window.innerWidth
// so that antd's Grid breakpoints behave like a real browser of that width.
function evaluateMediaQuery(query: string): boolean {
  const width = window.innerWidth;
  const conditions = query.split(/\s+and\s+/i);
  return conditions.every((condition) => {
    const min = /min-width:\s*(\d+(?:\.\d+)?)px/i.exec(condition);
    if (min) return width >= Number(min[1]);
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/i.exec(condition);
    if (max) return width <= Number(max[1]);
    return false;
  });
}

Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string): MediaQueryList => ({
    media: query,
    matches: evaluateMediaQuery(query),
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: ResizeObserverStub,
  });
}

// antd measures scrollbars with getComputedStyle(element, '::-webkit-scrollbar'); jsdom does not implement
// pseudo-elements and logs "Not implemented". Ignore the pseudo-element argument.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// The router (lib/routing) scrolls on navigation; jsdom has no layout to scroll.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // A signed-in render opens the hub's connection, here to the page's own address where no hub answers; left
  // open it would go on trying through the next tests and files, and open WebSockets during the hub client's
  // own tests (app/lib/hub/hub-socket.test.ts).
  closeHub();
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});
