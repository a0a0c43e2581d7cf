import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { okResponse } from '#shared/schemas/common.ts';
import { personalInfo, sessionList, updatePersonalInfoRequest, userVo } from '#shared/schemas/personal.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { isMember, membershipLevel } from '../../policies/membership.ts';
import { audit } from '../../services/audit.ts';
import { endOtherSessions, listSessions } from '../../services/sessions.ts';
import { loadUserWithRoles } from '../../services/user-lookup.ts';
import type { ImageQueue } from '../../storage/image-queue.ts';
import { readSingleUpload } from '../../storage/read-upload.ts';
import { MAX_IMAGE_BYTES, storeImage, UploadRejected } from '../../storage/uploads.ts';

export const DEFAULT_AVATAR = '/media/default-avatar.svg';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in user's own profile, avatar and sessions. Registered behind authenticate. */
export const personalInfoRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  uploadsDir: string;
  imageQueue: ImageQueue;
}> = async (app, options) => {
  const { db } = options;

  app.get('/api/PersonalInfo/UserVo', { schema: { response: { 200: userVo } } }, async (request) => {
    const user = await db
      .selectFrom('users')
      .select('pic')
      .where('id', '=', principalOf(request).userId)
      .executeTakeFirst();
    return { pic: user?.pic ?? DEFAULT_AVATAR };
  });

  app.get(
    '/api/PersonalInfo/GetPersonalInfo',
    { schema: { response: { 200: personalInfo } } },
    async (request) => {
      const found = await loadUserWithRoles(db, principalOf(request).userId);
      if (!found) throw new HttpProblem(404, 'No such user.');
      const { user } = found;
      const roles = found.roles.map((r) => r.name);
      const now = Date.now();
      return {
        uid: user.id,
        email: user.email,
        userName: user.user_name,
        nickName: user.nick_name,
        pic: user.pic ?? DEFAULT_AVATAR,
        gender: (user.gender as 'male' | 'female' | 'undisclosed' | null) ?? null,
        phone: user.phone,
        points: user.points,
        memberCredit: user.member_credit,
        roles,
        membershipLevel: membershipLevel(roles),
        isMember: isMember({ roles, memberExpiryDate: user.member_expiry_date }, now),
        memberExpiryDate:
          user.member_expiry_date === null ? null : new Date(user.member_expiry_date).toISOString(),
        memberDaysRemaining:
          user.member_expiry_date === null ? null : Math.floor((user.member_expiry_date - now) / DAY_MS),
        emailConfirmed: user.email_confirmed_at !== null,
        pendingEmail: user.pending_email,
        createdAt: new Date(user.created_at).toISOString(),
      };
    },
  );

  app.post(
    '/api/PersonalInfo/UpdatePersonalInfo',
    { schema: { body: updatePersonalInfoRequest, response: { 200: okResponse } } },
    async (request) => {
      const { nickName, gender, phone } = request.body;
      const changes = {
        ...(nickName !== undefined ? { nick_name: nickName || null } : {}),
        ...(gender !== undefined ? { gender } : {}),
        ...(phone !== undefined ? { phone } : {}),
      };
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: Date.now() })
        .where('id', '=', principalOf(request).userId)
        .execute();
      return { ok: true as const };
    },
  );

  app.post('/api/PersonalInfo/UploadAvatar', { schema: { response: { 200: userVo } } }, async (request) => {
    const { data } = await readSingleUpload(request, MAX_IMAGE_BYTES);
    try {
      const stored = await options.imageQueue.run(principalOf(request).userId, () =>
        storeImage(options.uploadsDir, 'avatars', data, { width: 256, height: 256, fit: 'cover' }),
      );
      await db
        .updateTable('users')
        .set({ pic: stored.url, updated_at: Date.now() })
        .where('id', '=', principalOf(request).userId)
        .execute();
      return { pic: stored.url };
    } catch (error) {
      if (error instanceof UploadRejected) throw new HttpProblem(400, error.key, { file: [error.key] });
      throw error;
    }
  });

  app.get('/api/PersonalInfo/Sessions', { schema: { response: { 200: sessionList } } }, async (request) => {
    const sessions = await listSessions(db, principalOf(request).userId);
    return sessions.map((s) => ({
      id: s.id,
      current: s.uid === principalOf(request).sessionUid,
      signedInAt: new Date(s.signedInAt).toISOString(),
      expiresAt: new Date(s.expiresAt).toISOString(),
      userAgent: s.userAgent,
      ip: s.ip,
    }));
  });

  app.post(
    '/api/PersonalInfo/EndOtherSessions',
    { schema: { response: { 200: z.object({ ended: z.number() }) } } },
    async (request) => {
      const principal = principalOf(request);
      if (!principal.sessionUid) throw new HttpProblem(400, 'This token is not tied to a session.');
      const { ended } = await endOtherSessions(db, principal.userId, principal.sessionUid);
      await audit(db, {
        action: 'sessions.ended',
        actorId: principal.userId,
        ip: request.ip,
        detail: { ended },
      });
      return { ended };
    },
  );
};
