import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installSelectTabKey } from './select-tab-key.ts';

// In Chromium, antd's open multiple select keeps focus on Tab and toggles the highlighted option (the
// keyboard journey, e2e/keyboard.spec.ts, goes through one). Here: which keys reach the app's handlers.

function field(selectClasses: string) {
  const root = document.createElement('div');
  root.innerHTML = `<div class="${selectClasses}"><input role="combobox" /></div>`;
  document.body.append(root);
  const seen: string[] = [];
  // React listens on the app's root element, below the document.
  root.addEventListener('keydown', (event) => seen.push(event.key));
  const press = (key: string) =>
    root.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  return { seen, press, remove: () => root.remove() };
}

describe('installSelectTabKey', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installSelectTabKey();
  });
  afterEach(() => uninstall());

  it('keeps Tab from an open multiple select, so the browser moves focus and nothing is chosen', () => {
    const open = field('ant-select ant-select-multiple ant-select-open');
    open.press('Tab');
    open.press('Enter');
    open.press('Escape');
    expect(open.seen).toEqual(['Enter', 'Escape']);
    open.remove();
  });

  it('leaves closed and single selects alone', () => {
    const closed = field('ant-select ant-select-multiple');
    const single = field('ant-select ant-select-single ant-select-open');
    closed.press('Tab');
    single.press('Tab');
    expect(closed.seen).toEqual(['Tab']);
    expect(single.seen).toEqual(['Tab']);
    closed.remove();
    single.remove();
  });

  it('stops listening when uninstalled', () => {
    uninstall();
    const open = field('ant-select ant-select-multiple ant-select-open');
    open.press('Tab');
    expect(open.seen).toEqual(['Tab']);
    open.remove();
    uninstall = installSelectTabKey();
  });
});
