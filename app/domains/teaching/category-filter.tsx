import { DownOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { type KeyboardEvent, lazy, Suspense, useState } from 'react';
import type { ClassificationNode } from '#shared/schemas/teaching.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { pathLabels } from './category-paths.ts';

// The tutorials list's category filter. antd's Cascader brings its select, tree and virtual list (about 40 KB
// with brotli) to a page most visitors only scroll: until the filter is pressed, a stand-in drawn as the
// closed picker shows the chosen category. Its code downloads when the pointer comes over it or it gets
// focus; pressed (or Enter, Space or the down arrow), the picker is drawn in its place, open, with the focus.

let loading: Promise<typeof import('./category-cascader.tsx')> | undefined;
/** The picker's code, downloaded once (a failed download is tried again next time). */
function loadCascader() {
  loading ??= import('./category-cascader.tsx').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const CategoryCascader = lazy(async () => ({ default: (await loadCascader()).CategoryCascader }));

function preload() {
  loadCascader().catch(() => undefined);
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

interface CategoryFilterProps {
  tree: readonly ClassificationNode[];
  /** The chosen path, root first. */
  value: number[];
  onChange: (path: number[]) => void;
  width: number | string;
  ariaLabel: string;
  testId: string;
}

export function CategoryFilter(props: CategoryFilterProps) {
  const [pressed, setPressed] = useState(false);
  const standIn = <StandIn {...props} onPress={() => setPressed(true)} />;
  if (!pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <CategoryCascader
        tree={props.tree}
        value={props.value}
        onChange={props.onChange}
        style={{ width: props.width }}
        ariaLabel={props.ariaLabel}
        testId={props.testId}
        openAtStart
      />
    </Suspense>
  );
}

/** The closed picker as antd draws it (a single select: border, radius, height, arrow), from the theme. */
function StandIn({
  tree,
  value,
  width,
  ariaLabel,
  testId,
  onPress,
}: CategoryFilterProps & { onPress: () => void }) {
  const { t } = useTranslation('teach');
  const { token } = theme.useToken();
  const [hover, setHover] = useState(false);
  const chosen = pathLabels(tree, value).join(' / ');
  return (
    <div
      role="combobox"
      tabIndex={0}
      aria-label={ariaLabel}
      aria-expanded={false}
      aria-haspopup="listbox"
      data-testid={testId}
      onPointerEnter={() => {
        setHover(true);
        preload();
      }}
      onPointerLeave={() => setHover(false)}
      onFocus={preload}
      onPointerDown={onPress}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        onPress();
      }}
      style={{
        width,
        height: token.controlHeight,
        display: 'inline-flex',
        alignItems: 'center',
        gap: token.paddingXS,
        padding: `0 ${token.paddingSM - token.lineWidth}px`,
        border: `${token.lineWidth}px ${token.lineType} ${hover ? token.colorPrimaryHover : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        fontSize: token.fontSize,
        cursor: 'pointer',
        boxSizing: 'border-box',
      }}
    >
      <span
        style={{
          flex: 1,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          color: chosen ? token.colorText : token.colorTextPlaceholder,
        }}
      >
        {chosen || t('category.placeholder')}
      </span>
      <DownOutlined aria-hidden style={{ fontSize: token.fontSizeIcon, color: token.colorTextQuaternary }} />
    </div>
  );
}
