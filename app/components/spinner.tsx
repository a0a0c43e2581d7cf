import { theme } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';

// The loading indicators of the first pages, drawn as antd's Spin draws them (four dots turning, in the
// theme's primary colour; app/styles.css), without it: Spin's module and its styles are some 3.5 KB on the
// wire, and the route outlet and the sign-in screens, which every first page shows, were its only users
// there. Pages that show a spinner with a text under it (the statistics' charts) keep antd's.

const SIZES = { small: 14, default: 20, large: 32 } as const;

/** Four dots turning: named `label` for assistive technologies, or hidden from them without one. */
export function Spinner({
  size = 'default',
  label,
  style,
}: {
  size?: keyof typeof SIZES;
  label?: string;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  return (
    <span
      className="portal-spinner"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      style={{ fontSize: SIZES[size], color: token.colorPrimary, ...style }}
    >
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}

/**
 * What antd's `<Spin spinning delay>` around content does: once `busy` has lasted `delay` ms, the content
 * fades under a large spinner and takes no clicks, and the region says it is busy.
 */
export function BusyOverlay({
  busy,
  delay,
  label,
  children,
}: {
  busy: boolean;
  delay: number;
  label: string;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [busy, delay]);
  return (
    <div className={shown ? 'portal-busy portal-busy-on' : 'portal-busy'} aria-busy={shown}>
      {shown ? (
        <div className="portal-busy-indicator">
          <Spinner size="large" label={label} />
        </div>
      ) : null}
      <div className="portal-busy-content">{children}</div>
    </div>
  );
}
