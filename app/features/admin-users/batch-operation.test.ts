import { describe, expect, it } from 'vitest';
import { batchUserOperationRequest } from '#shared/schemas/management.ts';
import {
  batchChangesSomething,
  batchScope,
  buildBatchRequest,
  EMPTY_BATCH_FORM,
  expiryChange,
  tagChange,
} from './batch-operation.ts';

const ADMIN = 3;

describe('batchScope', () => {
  it('is the selected users when some are ticked, else every user', () => {
    expect(batchScope(2, 120)).toEqual({ kind: 'selected', count: 2 });
    expect(batchScope(0, 120)).toEqual({ kind: 'all', count: 120 });
    expect(batchScope(0, null)).toEqual({ kind: 'all', count: null });
  });
});

describe('expiryChange', () => {
  it('leaves the expiry for empty and 0, extends or shortens otherwise', () => {
    expect(expiryChange(null)).toEqual({ kind: 'unchanged' });
    expect(expiryChange(undefined)).toEqual({ kind: 'unchanged' });
    expect(expiryChange(0)).toEqual({ kind: 'unchanged' });
    expect(expiryChange(30)).toEqual({ kind: 'extend', days: 30 });
    expect(expiryChange(-1000)).toEqual({ kind: 'shorten', days: 1000 });
  });
});

describe('tagChange', () => {
  it('keeps tags, sets a set without duplicates or Admin, or clears them', () => {
    expect(tagChange({ tagMode: 'keep', tags: [1, 2] }, ADMIN)).toEqual({ kind: 'unchanged' });
    expect(tagChange({ tagMode: 'set', tags: [2, 1, 2, ADMIN] }, ADMIN)).toEqual({
      kind: 'set',
      tags: [2, 1],
    });
    expect(tagChange({ tagMode: 'set', tags: [ADMIN] }, ADMIN)).toEqual({ kind: 'clear' });
    expect(tagChange({ tagMode: 'set', tags: [] }, ADMIN)).toEqual({ kind: 'clear' });
  });
});

describe('batchChangesSomething', () => {
  it('is false only when tags stay and the days are empty or 0', () => {
    expect(batchChangesSomething(EMPTY_BATCH_FORM)).toBe(false);
    expect(batchChangesSomething({ ...EMPTY_BATCH_FORM, expiryInDays: 0 })).toBe(false);
    expect(batchChangesSomething({ ...EMPTY_BATCH_FORM, expiryInDays: -5 })).toBe(true);
    expect(batchChangesSomething({ ...EMPTY_BATCH_FORM, tagMode: 'set' })).toBe(true);
  });
});

describe('buildBatchRequest', () => {
  it('sends the tags and days for the selected rows, valid for the shared schema', () => {
    const body = buildBatchRequest(
      { tagMode: 'set', tags: [4, ADMIN], expiryInDays: 30 },
      ['a', 'b', 'a'],
      ADMIN,
    );
    expect(body).toEqual({ permissionMap: [4], expiryInDays: 30, rows: ['a', 'b'] });
    expect(batchUserOperationRequest.safeParse(body).success).toBe(true);
  });

  it('sends null for what stays unchanged and no rows for every user', () => {
    const body = buildBatchRequest({ tagMode: 'keep', tags: [4], expiryInDays: 60 }, [], ADMIN);
    expect(body).toEqual({ permissionMap: null, expiryInDays: 60, rows: [] });
    expect(buildBatchRequest({ tagMode: 'set', tags: [], expiryInDays: null }, ['x'], ADMIN)).toEqual({
      permissionMap: [],
      expiryInDays: null,
      rows: ['x'],
    });
  });

  it('never carries the Admin tag, which the server refuses', () => {
    const body = buildBatchRequest(
      { tagMode: 'set', tags: [ADMIN, ADMIN], expiryInDays: null },
      ['x'],
      ADMIN,
    );
    expect(body.permissionMap).toEqual([]);
  });
});
