import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { updatePersonalInfoRequest } from '#shared/schemas/personal.ts';
import type { DB } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { endOtherSessions } from './sessions.ts';
import { loadUserWithRoles } from './user-lookup.ts';

// The signed-in person's own profile: reading it, changing it, and ending their other sessions.

export async function avatarOf(db: Kysely<DB>, userId: string) {
  return db.selectFrom('users').select('pic').where('id', '=', userId).executeTakeFirst();
}

export async function profileOf(db: Kysely<DB>, userId: string) {
  const found = await loadUserWithRoles(db, userId);
  if (!found) throw new DomainError('notFound', 'userNotFound');
  return { user: found.user, roles: found.roles.map((r) => r.name) };
}

type ProfileChanges = z.output<typeof updatePersonalInfoRequest>;

/** Changes what was given; an empty nickname clears it. */
export async function updateProfile(db: Kysely<DB>, userId: string, input: ProfileChanges): Promise<void> {
  const { nickName, gender, phone } = input;
  await db
    .updateTable('users')
    .set({
      ...(nickName !== undefined ? { nick_name: nickName || null } : {}),
      ...(gender !== undefined ? { gender } : {}),
      ...(phone !== undefined ? { phone } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', userId)
    .execute();
}

export async function setAvatar(db: Kysely<DB>, userId: string, url: string): Promise<void> {
  await db.updateTable('users').set({ pic: url, updated_at: Date.now() }).where('id', '=', userId).execute();
}

/** Ends every session of the person but the one they call from, and records it. */
export async function endSessionsButCurrent(
  db: Kysely<DB>,
  actor: Actor & { sessionUid: string | undefined },
): Promise<number> {
  if (!actor.sessionUid) throw new DomainError('invalid', 'sessionless');
  const { ended } = await endOtherSessions(db, actor.userId, actor.sessionUid);
  await audit(db, {
    action: 'sessions.ended',
    actorId: actor.userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: { ended },
  });
  return ended;
}
