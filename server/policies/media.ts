import { isAdmin, type Principal } from './membership.ts';

// Media monitoring: every member reads the stream (the routes sit behind requireMember); items an admin hid
// are left out for them. Administrators see hidden items too, flagged, so they can show them again.

export function canSeeHiddenMediaItems(principal: Pick<Principal, 'roles'>): boolean {
  return isAdmin(principal);
}
