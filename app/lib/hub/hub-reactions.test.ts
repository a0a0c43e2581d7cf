import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hubKeys } from './hub-keys.ts';
import { applyReactionChange, rememberReactionChange } from './hub-reactions.ts';

describe('the member\u2019s own reactions in the cache', () => {
  it('sets, changes and removes one strategy\u2019s reaction', () => {
    expect(applyReactionChange(undefined, { advisoryId: 7, kind: 1 })).toEqual({ 7: 1 });
    expect(applyReactionChange({ 7: 1, 8: 3 }, { advisoryId: 7, kind: 2 })).toEqual({ 7: 2, 8: 3 });
    expect(applyReactionChange({ 7: 1, 8: 3 }, { advisoryId: 7, kind: null })).toEqual({ 8: 3 });
  });

  it('writes into a loaded map and marks the engagement lists stale', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(hubKeys.reactions('u'), { 7: 1 });
    queryClient.setQueryData(hubKeys.engagementList('u', { current: 1 }), {
      records: [],
      total: 0,
      traders: [],
    });
    await rememberReactionChange(queryClient, 'u', { advisoryId: 9, kind: 3 });
    expect(queryClient.getQueryData(hubKeys.reactions('u'))).toEqual({ 7: 1, 9: 3 });
    expect(queryClient.getQueryState(hubKeys.engagementList('u', { current: 1 }))?.isInvalidated).toBe(true);
  });

  it('reads a map that has not loaded again instead of holding a lone change', async () => {
    const queryClient = new QueryClient();
    await rememberReactionChange(queryClient, 'u', { advisoryId: 9, kind: 3 });
    expect(queryClient.getQueryData(hubKeys.reactions('u'))).toBeUndefined();
  });
});
