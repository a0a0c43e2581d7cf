import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  EllipsisOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Button, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';

// Page buttons as antd's Pagination draws them without its size changer (previous, the pages around the
// current one with the first and the last, jumps of five behind the ellipses, next). antd's Pagination
// imports its Select whether the size changer shows or not: about 30 KB with brotli on the tutorials list,
// a page most visitors open.

/** How many pages are listed around the current one (antd's: two on each side). */
const AROUND = 2;
const JUMP = 5;

type Item = number | 'backward' | 'forward';

/** The entries between previous and next, as antd's Pagination lists them (its algorithm, buffer of two). */
export function pagerItems(current: number, pages: number): Item[] {
  if (pages <= 5 + 2 * AROUND) return Array.from({ length: pages }, (_, index) => index + 1);
  let left = Math.max(1, current - AROUND);
  let right = Math.min(current + AROUND, pages);
  // Near either end, five pages are listed all the same.
  if (current - 1 <= AROUND) right = 1 + 2 * AROUND;
  if (pages - current <= AROUND) left = pages - 2 * AROUND;
  const items: Item[] = Array.from({ length: right - left + 1 }, (_, index) => left + index);
  if (current - 1 >= 2 * AROUND && current !== 3) items.unshift('backward');
  if (pages - current >= 2 * AROUND && current !== pages - 2) items.push('forward');
  if (left !== 1) items.unshift(1);
  if (right !== pages) items.push(pages);
  return items;
}

export function Pager({
  current,
  pageSize,
  total,
  onChange,
  testId,
  style,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  testId?: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const go = (page: number) => onChange(Math.min(pages, Math.max(1, page)));

  const entry = (item: Item): ReactNode => {
    if (item === 'backward' || item === 'forward') {
      const backward = item === 'backward';
      return (
        <li key={item}>
          <JumpButton
            label={t(backward ? 'pager.backward' : 'pager.forward')}
            icon={backward ? <DoubleLeftOutlined /> : <DoubleRightOutlined />}
            onClick={() => go(current + (backward ? -JUMP : JUMP))}
          />
        </li>
      );
    }
    const active = item === current;
    return (
      <li key={item}>
        <Button
          type={active ? 'default' : 'text'}
          aria-current={active ? 'page' : undefined}
          aria-label={t('pager.page', { page: item })}
          onClick={() => go(item)}
          style={{
            minWidth: token.controlHeight,
            paddingInline: 6,
            ...(active
              ? { borderColor: token.colorPrimary, color: token.colorPrimary, fontWeight: 600 }
              : {}),
          }}
        >
          {item}
        </Button>
      </li>
    );
  };

  return (
    <nav aria-label={t('pager.label')} data-testid={testId} style={style}>
      <ul
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: token.marginXS,
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        <li>
          <Button
            type="text"
            icon={<LeftOutlined />}
            aria-label={t('pager.previous')}
            disabled={current <= 1}
            onClick={() => go(current - 1)}
          />
        </li>
        {pagerItems(current, pages).map(entry)}
        <li>
          <Button
            type="text"
            icon={<RightOutlined />}
            aria-label={t('pager.next')}
            disabled={current >= pages}
            onClick={() => go(current + 1)}
          />
        </li>
      </ul>
    </nav>
  );
}

/** The ellipsis, which shows its double arrow under the pointer or the focus, as antd's does. */
function JumpButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <Button
      type="text"
      aria-label={label}
      title={label}
      icon={shown ? icon : <EllipsisOutlined />}
      onClick={onClick}
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
    />
  );
}
