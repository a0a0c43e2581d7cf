import { isMember, type Principal } from './membership.ts';

// Who may store files. Images for articles and the editor are for members (administrators included); an
// avatar is the signed-in person's own and needs nothing more than signing in.

export function canUploadImage(principal: Principal): boolean {
  return isMember(principal);
}
