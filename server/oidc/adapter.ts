import type { Kysely } from 'kysely';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import type { DB } from '../db/schema.ts';

/**
 * Stores the provider's models (Session, Grant, Interaction, AuthorizationCode, RefreshToken, ...) in one
 * table of our database, so every process shares them and a restart keeps people signed in.
 */
export function createOidcAdapter(db: Kysely<DB>) {
  return class DatabaseAdapter implements Adapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : null;
      const row = {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        account_id: payload.accountId ?? null,
        expires_at: expiresAt,
      };
      // For sessions, remember the device they were opened from (shown on the security settings page).
      const ctx = this.model === 'Session' ? Provider.ctx : undefined;
      const device = ctx
        ? { user_agent: ctx.get('user-agent').slice(0, 300) || null, ip: ctx.ip || null }
        : {};
      await db
        .insertInto('oidc_payloads')
        .values({ model: this.model, id, consumed_at: null, ...row, ...device })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
        .execute();
    }

    private async findWhere(
      column: 'id' | 'uid' | 'user_code',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at !== null && row.expires_at <= Date.now())) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: Date.now() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}

/** Removes expired rows; run periodically. Returns how many were removed. */
export async function purgeExpiredOidcRows(db: Kysely<DB>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
