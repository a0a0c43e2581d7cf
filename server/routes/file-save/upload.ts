import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadResponse } from '#shared/schemas/teaching.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { canUploadImage } from '../../policies/upload.ts';
import type { ImageQueue } from '../../storage/image-queue.ts';
import { readSingleUpload, withUploads } from '../../storage/read-upload.ts';
import { MAX_IMAGE_BYTES, storeImage, UploadRejected } from '../../storage/uploads.ts';

/** Images for article covers and editor media (members and admins). Answer: `[{url, ...}]`. */
export const fileSaveRoutes: FastifyPluginAsyncZod<{ uploadsDir: string; imageQueue: ImageQueue }> = async (
  app,
  { uploadsDir, imageQueue },
) => {
  await withUploads(app, (uploads) =>
    uploads.post(
      '/api/FileSave/Upload',
      { schema: { response: { 200: uploadResponse } } },
      async (request) => {
        const principal = principalOf(request);
        if (!canUploadImage(principal)) throw new HttpProblem(403, 'notMember');
        const file = await readSingleUpload(request, MAX_IMAGE_BYTES);
        const data = file.data;
        try {
          const stored = await imageQueue.run(principal.userId, () =>
            storeImage(uploadsDir, 'images', data, { width: 1920, height: 1920, fit: 'inside' }),
          );
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
      },
    ),
  );
};
