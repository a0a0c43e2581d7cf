import { theme } from 'antd';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

// A row of tabs drawn as antd's Tabs draws its top line tabs (the labels, the primary colour and ink bar under
// the active one, the hairline below), for pages whose tabs are a few links between views. antd's Tabs
// brings its overflow menu (antd's Menu and Dropdown) and motion with it: about 17 KB with brotli on the
// trading page, which members open first.

export interface TabBarItem {
  key: string;
  label: ReactNode;
}

/**
 * Tabs with one panel: the active item's `children`. Arrow keys, Home and End move between the tabs and
 * choose them (WAI-ARIA tabs with automatic activation).
 */
export function TabBar({
  items,
  activeKey,
  onChange,
  children,
}: {
  items: readonly TabBarItem[];
  activeKey: string;
  onChange: (key: string) => void;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  );

  const choose = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.key);
    tabs.current[items.indexOf(item)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div>
      <div
        role="tablist"
        onKeyDown={onKeyDown}
        style={
          {
            '--portal-tab-text': token.colorText,
            '--portal-tab-active': token.colorPrimary,
            '--portal-tab-hover': token.colorPrimaryHover,
            '--portal-tab-focus': token.colorPrimaryBorder,
            display: 'flex',
            gap: token.marginXL,
            marginBottom: token.margin,
            borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            overflowX: 'auto',
          } as CSSProperties
        }
      >
        {items.map((item, index) => {
          const active = index === activeIndex;
          return (
            <button
              key={item.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              className="portal-tab"
              onClick={() => onChange(item.key)}
              style={{
                position: 'relative',
                padding: `${token.paddingSM}px 0`,
                border: 0,
                background: 'none',
                cursor: 'pointer',
                whiteSpace: 'nowrap',
                fontSize: token.fontSize,
                lineHeight: token.lineHeight,
                textShadow: active ? '0 0 0.25px currentcolor' : undefined,
              }}
            >
              {item.label}
              {active ? (
                <span
                  aria-hidden
                  style={{
                    position: 'absolute',
                    insetInline: 0,
                    bottom: -token.lineWidth,
                    height: token.lineWidthBold,
                    background: token.colorPrimary,
                  }}
                />
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${items[activeIndex]?.key}`}>
        {children}
      </div>
    </div>
  );
}
