import type {} from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadResponse } from '#shared/schemas/teaching.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { isAdmin, isMember } from '../../policies/membership.ts';
import { MAX_IMAGE_BYTES, storeImage, UploadRejected } from '../../storage/uploads.ts';

/** Images for article covers and editor media (members and admins). Answer: `[{url, ...}]`. */
export const fileSaveRoutes: FastifyPluginAsyncZod<{ uploadsDir: string }> = async (app, { uploadsDir }) => {
  app.post('/api/FileSave/Upload', { schema: { response: { 200: uploadResponse } } }, async (request) => {
    const principal = request.principal!;
    if (!isMember(principal) && !isAdmin(principal)) throw new HttpProblem(403, 'notMember');
    if (!request.isMultipart()) throw new HttpProblem(400, 'uploadFailed', { file: ['uploadFailed'] });
    const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    if (!file) throw new HttpProblem(400, 'uploadFailed', { file: ['uploadFailed'] });
    const data = await file.toBuffer().catch(() => {
      throw new HttpProblem(413, 'uploadTooLarge', { file: ['uploadTooLarge'] });
    });
    try {
      const stored = await storeImage(uploadsDir, 'images', data, {
        width: 1920,
        height: 1920,
        fit: 'inside',
      });
      return [
        {
          url: stored.url,
          name: file.filename.slice(0, 200),
          size: stored.bytes,
          width: stored.width,
          height: stored.height,
        },
      ];
    } catch (error) {
      if (error instanceof UploadRejected) throw new HttpProblem(400, error.key, { file: [error.key] });
      throw error;
    }
  });
};
