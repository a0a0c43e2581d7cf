import { Cascader } from 'antd';
import type { CSSProperties } from 'react';
import { useMemo, useState } from 'react';
import type { ClassificationNode } from '#shared/schemas/teaching.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type CategoryOption, toCascaderOptions } from './category-paths.ts';
import { useCategoryTree } from './teaching-api.ts';

interface CategoryCascaderProps {
  /** The chosen path, root first (antd Form passes it). */
  value?: number[] | null;
  onChange?: (path: number[]) => void;
  placeholder?: string;
  /** Leave out this type and its sub-types (choosing a type's own parent). */
  exclude?: number | null;
  /** The tree to offer; loaded from the API when absent. */
  tree?: readonly ClassificationNode[];
  allowClear?: boolean;
  id?: string;
  status?: 'error' | 'warning';
  style?: CSSProperties;
  testId?: string;
  /** The picker's accessible name where no form label names it (a filter bar). */
  ariaLabel?: string;
  /** Drawn open with the focus in it (the filter bar's stand-in was pressed). */
  openAtStart?: boolean;
}

/**
 * A category picker on the classification tree (spec §2 "cascading picker"). Any level can be chosen; the
 * value is the path, and callers send its last id (lastOfPath). Hidden types (admins only) are marked.
 */
export function CategoryCascader({
  value,
  onChange,
  placeholder,
  exclude,
  tree,
  allowClear = true,
  id,
  status,
  style,
  testId = 'category-cascader',
  ariaLabel,
  openAtStart = false,
}: CategoryCascaderProps) {
  const { t } = useTranslation('teach');
  const [open, setOpen] = useState(openAtStart);
  const loaded = useCategoryTree();
  const source = tree ?? loaded.data;
  const hiddenMark = t('category.hidden');
  const options = useMemo(() => {
    const mark = (list: CategoryOption[]): CategoryOption[] =>
      list.map((option) => ({
        ...option,
        label: option.hidden ? `${option.label}（${hiddenMark}）` : option.label,
        ...(option.children ? { children: mark(option.children) } : {}),
      }));
    return mark(toCascaderOptions(source ?? [], exclude));
  }, [source, exclude, hiddenMark]);

  return (
    <Cascader<CategoryOption>
      id={id}
      aria-label={ariaLabel}
      data-testid={testId}
      options={options}
      value={value ?? undefined}
      onChange={(path) => onChange?.((path ?? []).map(Number))}
      changeOnSelect
      open={open}
      onOpenChange={setOpen}
      autoFocus={openAtStart}
      allowClear={allowClear}
      loading={!tree && loaded.isPending}
      placeholder={placeholder ?? t('category.placeholder')}
      showSearch={{
        filter: (input, path) =>
          path.some((option) => option.label.toLowerCase().includes(input.trim().toLowerCase())),
      }}
      status={status}
      style={{ width: '100%', ...style }}
    />
  );
}
