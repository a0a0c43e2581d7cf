import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../services/errors.ts';

/**
 * Declares routes that take a multipart upload, in a context of their own with the multipart parser: its
 * hooks (one when a request starts, one when it ends) then run on uploads only, not on every request.
 * A multipart body sent anywhere else is refused as an unsupported media type (415).
 */
export async function withUploads<App extends FastifyInstance>(
  app: App,
  routes: (uploads: App) => void,
): Promise<void> {
  await app.register(async (uploads) => {
    // Each upload route passes its own file size limit to readSingleUpload.
    await uploads.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
    routes(uploads as App);
  });
}

/** Fastify multipart's code for a file over its size limit. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads the one file of a multipart upload. A body that is not multipart, has no or the wrong boundary, or
 * cannot be parsed is the sender's fault: 400 with problem details, logged at info, never a 500.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ filename: string; data: Buffer }> {
  const malformed = (error?: unknown) => {
    if (error)
      request.log.info(
        { reason: error instanceof Error ? error.message : String(error) },
        'malformed upload',
      );
    return new DomainError('invalid', 'uploadMalformed', { file: ['uploadMalformed'] });
  };
  if (!request.isMultipart()) throw malformed();
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (error) {
    throw malformed(error);
  }
  if (!file) throw new DomainError('invalid', 'uploadFailed', { file: ['uploadFailed'] });
  try {
    return { filename: file.filename, data: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === FILE_TOO_LARGE) {
      throw new DomainError('tooLarge', 'uploadTooLarge', { file: ['uploadTooLarge'] });
    }
    throw malformed(error);
  }
}
