import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

type SessionPayload = {
  uid: string;
  accountId?: string;
  loginTs?: number;
  authorizations?: Record<string, { grantId?: string }>;
};

export type SessionSummary = {
  id: string;
  uid: string;
  signedInAt: number;
  expiresAt: number;
  userAgent: string | null;
  ip: string | null;
};

/** The user's open sign-in sessions with the identity provider. */
export async function listSessions(
  db: Kysely<DB>,
  userId: string,
  now = Date.now(),
): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom('oidc_payloads')
    .select(['id', 'payload', 'expires_at', 'user_agent', 'ip'])
    .where('model', '=', 'Session')
    .where('account_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  return rows
    .map((row) => {
      const payload = JSON.parse(row.payload) as SessionPayload;
      return {
        id: row.id,
        uid: payload.uid,
        signedInAt: (payload.loginTs ?? 0) * 1000,
        expiresAt: row.expires_at ?? 0,
        userAgent: row.user_agent,
        ip: row.ip,
      };
    })
    .sort((a, b) => b.signedInAt - a.signedInAt);
}

/** Whether a session (by the uid carried in access tokens as `sid`) is still open. */
export async function isSessionOpen(db: Kysely<DB>, sessionUid: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_payloads')
    .select('expires_at')
    .where('model', '=', 'Session')
    .where('uid', '=', sessionUid)
    .executeTakeFirst();
  return row !== undefined && (row.expires_at === null || row.expires_at > now);
}

/** Ends sessions and everything issued under them (grants, refresh tokens, codes). */
async function endSessions(
  trx: Transaction<DB>,
  userId: string,
  keepSessionUid: string | undefined,
): Promise<number> {
  const sessions = await trx
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('model', '=', 'Session')
    .where('account_id', '=', userId)
    .execute();
  let ended = 0;
  for (const row of sessions) {
    const payload = JSON.parse(row.payload) as SessionPayload;
    if (keepSessionUid && payload.uid === keepSessionUid) continue;
    const grantIds = Object.values(payload.authorizations ?? {})
      .map((a) => a.grantId)
      .filter((id): id is string => Boolean(id));
    if (grantIds.length) {
      await trx.deleteFrom('oidc_payloads').where('grant_id', 'in', grantIds).execute();
      await trx
        .deleteFrom('oidc_payloads')
        .where('model', '=', 'Grant')
        .where('id', 'in', grantIds)
        .execute();
    }
    await trx.deleteFrom('oidc_payloads').where('model', '=', 'Session').where('id', '=', row.id).execute();
    ended++;
  }
  return ended;
}

/**
 * Ends the user's sessions but `keepSessionUid` (all of them without it), with everything issued under
 * them, and records an `access.changed` event for the user in the same transaction when any ended: every
 * process's hub then re-reads that person's connections and drops those whose session is gone. Returns
 * how many ended and the hub events to publish after commit.
 */
export async function endSessionsOf(
  trx: Transaction<DB>,
  userId: string,
  keepSessionUid: string | undefined,
): Promise<{ ended: number; hubEvents: number[] }> {
  const ended = await endSessions(trx, userId, keepSessionUid);
  if (!keepSessionUid) await trx.deleteFrom('oidc_payloads').where('account_id', '=', userId).execute();
  if (ended === 0) return { ended, hubEvents: [] };
  return { ended, hubEvents: [await recordHubEvent(trx, { name: 'access.changed', userIds: [userId] })] };
}

/** Ends every session of the user but the caller's (sessions page, credential changes). */
export function endOtherSessions(
  db: Kysely<DB>,
  userId: string,
  currentSessionUid: string | undefined,
): Promise<{ ended: number; hubEvents: number[] }> {
  return inTransaction(db, (trx) => endSessionsOf(trx, userId, currentSessionUid));
}

/** Signs the user out everywhere: after a password reset, every session, grant and token goes. */
export async function endAllSessions(trx: Transaction<DB>, userId: string): Promise<number[]> {
  return (await endSessionsOf(trx, userId, undefined)).hubEvents;
}
