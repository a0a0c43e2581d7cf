import type { CSSProperties } from 'react';

// Grey shapes where content is loading, as antd's Skeleton draws them (a title, lines, a round picture, a
// block), without it: its module brings every kind of placeholder it has into the first pages that show one.
// They pulse, and stand still when reduced motion is asked for (app/styles.css).

/** A title and `rows` lines of text to come, the last one shorter; with `avatar`, a round picture beside. */
export function PlaceholderLines({ rows, avatar = false }: { rows: number; avatar?: boolean }) {
  return (
    <div className="portal-placeholder" aria-hidden="true">
      {avatar ? <span className="portal-placeholder-shape portal-placeholder-avatar" /> : null}
      <div className="portal-placeholder-lines">
        <span className="portal-placeholder-shape portal-placeholder-title" />
        {Array.from({ length: rows }, (_, row) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed, identical lines
            key={row}
            className="portal-placeholder-shape"
            style={row === rows - 1 && rows > 1 ? { width: '61%' } : undefined}
          />
        ))}
      </div>
    </div>
  );
}

/** A block of the given size (a picture, a text area) to come. */
export function PlaceholderBlock({ style }: { style: CSSProperties }) {
  return (
    <span className="portal-placeholder-shape" aria-hidden="true" style={{ display: 'block', ...style }} />
  );
}
