import { describe, expect, it } from 'vitest';
import type { ClassificationNode } from '#shared/schemas/teaching.ts';
import {
  categoryPath,
  findCategory,
  lastOfPath,
  parentIds,
  pathLabels,
  toCascaderOptions,
  toTableRows,
} from './category-paths.ts';

const TREE: ClassificationNode[] = [
  {
    id: 1,
    label: 'Basics',
    show: 1,
    sort: 1,
    pids: [],
    children: [
      {
        id: 2,
        label: 'Candles',
        show: 1,
        sort: 1,
        pids: [1],
        children: [{ id: 4, label: 'Doji', show: 0, sort: 1, pids: [1, 2], children: [] }],
      },
      { id: 3, label: 'Orders', show: 1, sort: 2, pids: [1], children: [] },
    ],
  },
  { id: 5, label: 'Risk', show: 0, sort: 2, pids: [] },
];

describe('category paths', () => {
  it('builds cascader options, marking hidden types and dropping empty children', () => {
    expect(toCascaderOptions(TREE)).toEqual([
      {
        value: 1,
        label: 'Basics',
        hidden: false,
        children: [
          {
            value: 2,
            label: 'Candles',
            hidden: false,
            children: [{ value: 4, label: 'Doji', hidden: true }],
          },
          { value: 3, label: 'Orders', hidden: false },
        ],
      },
      { value: 5, label: 'Risk', hidden: true },
    ]);
  });

  it('leaves a type and everything under it out of its own parent picker', () => {
    const options = toCascaderOptions(TREE, 2);
    expect(options[0]?.children?.map((option) => option.value)).toEqual([3]);
    expect(toCascaderOptions(TREE, 1).map((option) => option.value)).toEqual([5]);
  });

  it('finds types and their paths anywhere in the tree', () => {
    expect(findCategory(TREE, 4)?.label).toBe('Doji');
    expect(findCategory(TREE, 42)).toBeNull();
    expect(categoryPath(TREE, 4)).toEqual([1, 2, 4]);
    expect(categoryPath(TREE, 5)).toEqual([5]);
    expect(categoryPath(TREE, 42)).toEqual([]);
    expect(categoryPath(TREE, undefined)).toEqual([]);
    expect(pathLabels(TREE, [1, 2, 4])).toEqual(['Basics', 'Candles', 'Doji']);
    expect(pathLabels(TREE, [1, 99])).toEqual(['Basics']);
  });

  it('sends the last id of a path', () => {
    expect(lastOfPath([1, 2, 4])).toBe(4);
    expect(lastOfPath([5])).toBe(5);
    expect(lastOfPath([])).toBeUndefined();
    expect(lastOfPath(undefined)).toBeUndefined();
    expect(lastOfPath(null)).toBeUndefined();
  });

  it('gives the table rows without empty children and lists the parents to expand', () => {
    const rows = toTableRows(TREE);
    expect(rows[0]?.children?.[1]).toEqual({ id: 3, label: 'Orders', show: 1, sort: 2, pids: [1] });
    expect(rows[0]?.children?.[0]?.children?.[0]).not.toHaveProperty('children');
    expect(rows[1]).not.toHaveProperty('children');
    expect(parentIds(TREE)).toEqual([1, 2]);
  });
});
