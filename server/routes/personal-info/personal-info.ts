import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { DEFAULT_AVATAR_URL } from '#shared/constants.ts';
import { okResponse } from '#shared/schemas/common.ts';
import {
  endSessionsResponse,
  personalInfo,
  sessionList,
  updatePersonalInfoRequest,
  userVo,
} from '#shared/schemas/personal.ts';
import { signInList } from '#shared/schemas/sign-ins.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { pictureOf } from '../../presenters/common.ts';
import { presentPersonalInfo, presentSession } from '../../presenters/profile.ts';
import { presentSignIn } from '../../presenters/sign-ins.ts';
import { clientOf } from '../../services/audit.ts';
import {
  avatarOf,
  endSessionsButCurrent,
  profileOf,
  setAvatar,
  updateProfile,
} from '../../services/profile.ts';
import { listSessions } from '../../services/sessions.ts';
import { signInsOf } from '../../services/sign-ins.ts';
import type { ImageQueue } from '../../storage/image-queue.ts';
import { readSingleUpload, withUploads } from '../../storage/read-upload.ts';
import { MAX_IMAGE_BYTES, storeImage, UploadRejected } from '../../storage/uploads.ts';

/** The signed-in user's own profile, avatar and sessions. Registered behind authenticate. */
export const personalInfoRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  uploadsDir: string;
  imageQueue: ImageQueue;
}> = async (app, options) => {
  const { db } = options;

  app.get('/api/PersonalInfo/UserVo', { schema: { response: { 200: userVo } } }, async (request) => {
    const user = await avatarOf(db, principalOf(request).userId);
    return { pic: user ? pictureOf(user) : DEFAULT_AVATAR_URL };
  });

  app.get(
    '/api/PersonalInfo/GetPersonalInfo',
    { schema: { response: { 200: personalInfo } } },
    async (request) => {
      const { user, roles } = await profileOf(db, principalOf(request).userId);
      return presentPersonalInfo(user, roles);
    },
  );

  app.post(
    '/api/PersonalInfo/UpdatePersonalInfo',
    { schema: { body: updatePersonalInfoRequest, response: { 200: okResponse } } },
    async (request) => {
      await updateProfile(db, principalOf(request).userId, request.body);
      return { ok: true as const };
    },
  );

  await withUploads(app, (uploads) =>
    uploads.post(
      '/api/PersonalInfo/UploadAvatar',
      { schema: { response: { 200: userVo } } },
      async (request) => {
        const { data } = await readSingleUpload(request, MAX_IMAGE_BYTES);
        try {
          const stored = await options.imageQueue.run(principalOf(request).userId, () =>
            storeImage(options.uploadsDir, 'avatars', data, { width: 256, height: 256, fit: 'cover' }),
          );
          await setAvatar(db, principalOf(request).userId, stored.url);
          return { pic: stored.url };
        } catch (error) {
          if (error instanceof UploadRejected) throw new HttpProblem(400, error.key, { file: [error.key] });
          throw error;
        }
      },
    ),
  );

  app.get('/api/PersonalInfo/Sessions', { schema: { response: { 200: sessionList } } }, async (request) => {
    const principal = principalOf(request);
    const sessions = await listSessions(db, principal.userId);
    return sessions.map((session) => presentSession(session, principal.sessionUid));
  });

  app.post(
    '/api/PersonalInfo/EndOtherSessions',
    { schema: { response: { 200: endSessionsResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const ended = await endSessionsButCurrent(db, { ...principal, ...clientOf(request) });
      return { ended };
    },
  );

  // The newest sign-ins (spec §2's login log: time, address, region, method), for the security settings.
  app.get('/api/PersonalInfo/SignIns', { schema: { response: { 200: signInList } } }, async (request) =>
    (await signInsOf(db, principalOf(request).userId)).map(presentSignIn),
  );
};
