import type { MenuProps } from 'antd';
import { lazy, type ReactElement, Suspense, useCallback, useRef, useState } from 'react';

// antd's Dropdown draws its list with antd's Menu, whose code (with its pop-up, overflow and keyboard handling)
// is about 16 KB with brotli. The header's menus (sections on narrow screens, language, account) sit on
// every page but few visits open them: their code downloads when the pointer comes over a button or a
// button gets focus, and the list is drawn when the button is pressed.

let loading: Promise<typeof import('./menu-dropdown-loaded.tsx')> | undefined;
/** The dropdown's code, downloaded once (a failed download is tried again next time). */
function loadDropdown() {
  loading ??= import('./menu-dropdown-loaded.tsx').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const LoadedDropdown = lazy(async () => ({ default: (await loadDropdown()).LoadedDropdown }));

function preload() {
  loadDropdown().catch(() => undefined);
}

/**
 * A click-to-open dropdown menu at the bottom right of its button, focus moving into the list as it opens
 * (arrows choose, Enter picks, Escape returns to the button), as antd's `Dropdown` with `autoFocus`.
 * `children` is the button, drawn at once; antd's Dropdown takes it over at the first press, open.
 */
export function MenuDropdown({ menu, children }: { menu: MenuProps; children: ReactElement }) {
  const [pressed, setPressed] = useState(false);
  /**
   * The pointer went down on the button before antd's Dropdown had it: the Dropdown is drawn open at once,
   * and the click that ends this press must not reach it (it would close it again).
   */
  const opening = useRef(false);
  const slot = useRef<HTMLSpanElement>(null);
  const returnFocus = useCallback(() => slot.current?.querySelector<HTMLElement>('button')?.focus(), []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it hears its button's events as they bubble; the button is what people use
    <span
      ref={slot}
      style={{ display: 'contents' }}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDownCapture={(event) => {
        if (event.button !== 0) return; // the main button (or a touch) presses it, as its click does
        opening.current = !pressed;
        setPressed(true);
      }}
      onClickCapture={(event) => {
        if (opening.current) {
          opening.current = false;
          event.stopPropagation();
        } else if (!pressed) {
          setPressed(true); // the keyboard's press: Enter or Space on the button
        }
      }}
    >
      {pressed ? (
        <Suspense fallback={children}>
          <LoadedDropdown menu={menu} returnFocus={returnFocus}>
            {children}
          </LoadedDropdown>
        </Suspense>
      ) : (
        children
      )}
    </span>
  );
}
