import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { okResponse } from '#shared/schemas/common.ts';
import {
  addOrUpdateSystemMessageRequest,
  messageFlagQuery,
  messageIdQuery,
  systemMessage,
  systemMessageList,
} from '#shared/schemas/system-messages.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { presentSystemMessage } from '../../presenters/system-messages.ts';
import {
  deleteSystemMessage,
  dismissSystemMessage,
  saveSystemMessage,
  setSystemMessageFlag,
  systemMessagesFor,
} from '../../services/system-messages.ts';

/** Every signed-in user reads the messages (newest first) and closes popups. */
export const systemMessageReadRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  for (const path of ['/api/SystemMessage/GetAllSystemMessage', '/api/SystemMessage/GetAllMsgWithContent']) {
    app.get(path, { schema: { response: { 200: systemMessageList } } }, async (request) => {
      const { rows, dismissed } = await systemMessagesFor(db, principalOf(request).userId);
      return rows.map((row) => presentSystemMessage(row, dismissed.has(row.id)));
    });
  }
  app.post(
    '/api/SystemMessage/DismissPop',
    { schema: { querystring: messageIdQuery, response: { 200: okResponse } } },
    async (request) => {
      await dismissSystemMessage(db, request.query.messageId, principalOf(request).userId);
      return { ok: true as const };
    },
  );
};

/** Admins write them; every change reaches open pages at once. */
export const systemMessageAdminRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.post(
    '/api/SystemMessage/AddOrUpdateSystemMessage',
    { schema: { body: addOrUpdateSystemMessageRequest, response: { 200: systemMessage } } },
    async (request) => {
      const saved = await saveSystemMessage(db, request.body, actorOf(request));
      const { rows, dismissed } = await systemMessagesFor(db, principalOf(request).userId, [saved.id]);
      const [row] = rows;
      if (!row) throw new HttpProblem(404, 'messageNotFound');
      return presentSystemMessage(row, dismissed.has(row.id));
    },
  );

  for (const flag of ['roll', 'pop'] as const) {
    const path =
      flag === 'roll'
        ? '/api/SystemMessage/UpdateSystemMessageIsRoll'
        : '/api/SystemMessage/UpdateSystemMessageIsPop';
    app.post(
      path,
      { schema: { querystring: messageFlagQuery, response: { 200: okResponse } } },
      async (request) => {
        await setSystemMessageFlag(
          db,
          request.query.messageId,
          flag,
          request.query.newValue === 'true',
          actorOf(request),
        );
        return { ok: true as const };
      },
    );
  }

  app.post(
    '/api/SystemMessage/DeleteSystemMessage',
    { schema: { querystring: messageIdQuery, response: { 200: okResponse } } },
    async (request) => {
      await deleteSystemMessage(db, request.query.messageId, actorOf(request));
      return { ok: true as const };
    },
  );
};
