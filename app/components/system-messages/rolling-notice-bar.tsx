import { CaretRightOutlined, NotificationOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import type { SystemMessageDto } from '#shared/realtime.ts';
import { useTranslation } from '../../lib/use-translation.ts';

// The dialog that shows a notice in full (antd Modal) is downloaded at the first click on a notice.
const NoticeDialog = lazy(async () => ({ default: (await import('./notice-dialog.tsx')).NoticeDialog }));

// The rolling notice bar (spec §2): roll-flagged system messages scroll by like a ticker. The scrolling
// pauses while the pointer is over the bar or keyboard focus is in it, and stays paused with the pause
// button until it is pressed again (WCAG 2.2.2); people who ask for reduced motion get a still, wrapped list
// and no button, since nothing moves. Each message opens in full on click.

const MARQUEE_CSS = `
@keyframes cc-notice-marquee { from { transform: translateX(0); } to { transform: translateX(-50%); } }
.cc-notice-viewport { overflow: hidden; min-width: 0; }
.cc-notice-track { display: inline-flex; white-space: nowrap; animation: cc-notice-marquee var(--cc-notice-duration) linear infinite; }
.cc-notice-bar:hover .cc-notice-track,
.cc-notice-bar:focus-within .cc-notice-track,
.cc-notice-viewport[data-paused='true'] .cc-notice-track { animation-play-state: paused; }
.cc-notice-group { display: inline-flex; flex-shrink: 0; }
.cc-notice-item { background: none; border: none; padding: 0 56px 0 0; margin: 0; font: inherit; color: inherit; cursor: pointer; text-align: start; }
.cc-notice-item:hover .cc-notice-title, .cc-notice-item:focus-visible .cc-notice-title { text-decoration: underline; }
.cc-notice-item:focus-visible { outline: 2px solid currentColor; outline-offset: 2px; border-radius: 4px; }
@media (prefers-reduced-motion: reduce) {
  .cc-notice-track { animation: none; white-space: normal; display: flex; flex-wrap: wrap; }
  .cc-notice-group { flex-wrap: wrap; row-gap: 4px; }
  .cc-notice-copy, .cc-notice-pause { display: none; }
}
`;

/** Seconds for one message group to scroll by: slow enough to read (about 4 characters a second). */
export function marqueeSeconds(messages: readonly SystemMessageDto[]): number {
  const characters = messages.reduce(
    (total, message) => total + message.title.length + excerpt(message).length,
    0,
  );
  return Math.max(18, Math.round(characters / 4) + messages.length * 4);
}

const EXCERPT_LENGTH = 120;

function excerpt(message: SystemMessageDto): string {
  const flat = message.content.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat;
}

function NoticeGroup({
  messages,
  copy,
  onOpen,
}: {
  messages: readonly SystemMessageDto[];
  /** The second copy makes the loop seamless; it is hidden from assistive technology and the tab order. */
  copy: boolean;
  onOpen: (message: SystemMessageDto) => void;
}) {
  return (
    <ul
      className={copy ? 'cc-notice-group cc-notice-copy' : 'cc-notice-group'}
      aria-hidden={copy || undefined}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {messages.map((message) => (
        <li key={message.id}>
          <button
            type="button"
            className="cc-notice-item"
            tabIndex={copy ? -1 : undefined}
            onClick={() => onOpen(message)}
            data-testid={copy ? undefined : 'rolling-notice-item'}
          >
            <span className="cc-notice-title" style={{ fontWeight: 600 }}>
              {message.title}
            </span>
            <span style={{ marginInline: 8, opacity: 0.5 }}>|</span>
            <span>{excerpt(message)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function RollingNoticeBar({
  messages,
  style,
}: {
  messages: readonly SystemMessageDto[];
  style?: CSSProperties;
}) {
  const { t } = useTranslation('live');
  const { token } = theme.useToken();
  const [paused, setPaused] = useState(false);
  const [open, setOpenMessage] = useState<SystemMessageDto | null>(null);
  // The last message opened stays in the dialog while it closes.
  const [shown, setShown] = useState<SystemMessageDto | null>(null);
  const setOpen = (message: SystemMessageDto | null) => {
    setOpenMessage(message);
    if (message) setShown(message);
  };
  if (messages.length === 0) return null;

  return (
    <section
      aria-label={t('bar.label')}
      className="cc-notice-bar"
      data-testid="rolling-notice-bar"
      style={style}
    >
      <style href="cc-rolling-notice-bar" precedence="default">
        {MARQUEE_CSS}
      </style>
      {/* antd's info Alert as a banner drew this row; drawn with its theme tokens, without the component (the
          bar sits in the public shell, which every public page loads). A standing notice: no alert role, which
          would have a screen reader read every change of it aloud. */}
      <div
        style={{
          boxSizing: 'border-box',
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          padding: `${token.paddingContentVerticalSM}px 12px`,
          fontFamily: token.fontFamily,
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          wordWrap: 'break-word',
          background: token.colorInfoBg,
        }}
      >
        <span style={{ color: token.colorInfo, marginInlineEnd: token.marginXS, lineHeight: 0 }}>
          <NotificationOutlined />
        </span>
        <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
          <div style={{ color: token.colorTextHeading, overflow: 'hidden' }}>
            <div
              className="cc-notice-viewport"
              data-paused={paused}
              style={{ ['--cc-notice-duration' as string]: `${marqueeSeconds(messages)}s` }}
            >
              <div className="cc-notice-track">
                <NoticeGroup messages={messages} copy={false} onOpen={setOpen} />
                <NoticeGroup messages={messages} copy onOpen={setOpen} />
              </div>
            </div>
          </div>
        </div>
        <div style={{ marginInlineStart: token.marginXS }}>
          {/* Its name says what it does next, as a media player's play/pause button (so no aria-pressed). */}
          <Button
            className="cc-notice-pause"
            type="text"
            size="small"
            aria-label={paused ? t('bar.resume') : t('bar.pause')}
            title={paused ? t('bar.resume') : t('bar.pause')}
            icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
            onClick={() => setPaused((value) => !value)}
            data-testid="rolling-notice-pause"
          />
        </div>
      </div>
      {shown && (
        <Suspense fallback={null}>
          <NoticeDialog message={shown} open={open !== null} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
