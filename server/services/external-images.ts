import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ImageQueue } from '../storage/image-queue.ts';
import { fetchRemoteImage, type RemoteImageOptions, RemoteImageRejected } from '../storage/remote-images.ts';
import { storeImage, UploadRejected } from '../storage/uploads.ts';
import { DomainError } from './errors.ts';
import { externalImageSources, sanitizeArticleHtml } from './html.ts';

/** A save may bring at most this many images from elsewhere; more is refused (each costs a fetch). */
const MAX_EXTERNAL_IMAGES = 20;
const EXTERNAL = /^https:\/\//i;

type ExternalImagesOptions = {
  uploadsDir: string;
  imageQueue: ImageQueue;
  fetch: RemoteImageOptions;
};

/**
 * Images that an article, a cover or a strategy takes from other sites are copied into our uploads when
 * it is saved: fetched with the address checks of storage/remote-images.ts, then stored with the same
 * checks as an upload (size, real image type, pixels, re-encoded without metadata) and in the same image
 * queue. Readers' browsers then load only the portal's own images, so an author cannot follow who reads.
 * An image that cannot be copied refuses the save with 400, naming the field (nothing is half saved).
 */
export class ExternalImages {
  private readonly options: ExternalImagesOptions;

  constructor(options: ExternalImagesOptions) {
    this.options = options;
  }

  /** Cleans HTML and replaces its images from elsewhere by our copies. */
  async localizeHtml(html: string, personId: string, field: string): Promise<string> {
    const sources = externalImageSources(html);
    if (sources.length > MAX_EXTERNAL_IMAGES) {
      throw new DomainError('invalid', 'externalImagesTooMany', { [field]: ['externalImagesTooMany'] });
    }
    const copies = new Map<string, string>();
    // One at a time: a save holds at most one of the person's places in the image queue.
    for (const source of sources) copies.set(source, await this.copy(source, personId, field));
    return sanitizeArticleHtml(html, copies);
  }

  /** A cover address: ours as it is, one from elsewhere replaced by our copy. */
  async localizeCover(url: string, personId: string, field: string): Promise<string> {
    return EXTERNAL.test(url) ? this.copy(url, personId, field) : url;
  }

  private async copy(source: string, personId: string, field: string): Promise<string> {
    try {
      const data = await fetchRemoteImage(source, this.options.fetch);
      const stored = await this.options.imageQueue.run(personId, () =>
        storeImage(this.options.uploadsDir, 'images', data, { width: 1920, height: 1920, fit: 'inside' }),
      );
      return stored.url;
    } catch (error) {
      const key =
        error instanceof RemoteImageRejected
          ? error.key
          : error instanceof UploadRejected
            ? 'externalImageNotAccepted'
            : undefined;
      if (key) throw new DomainError('invalid', key, { [field]: [key] }, { imageUrl: source.slice(0, 500) });
      throw error;
    }
  }
}

const failure = (error: unknown) =>
  error instanceof DomainError && typeof error.extensions.imageUrl === 'string'
    ? `${error.message} (${error.extensions.imageUrl})`
    : (error as Error).message;

/** What copying the images of saved content did: rows rewritten, and rows whose images could not be copied. */
type CopyReport = { updated: number; failed: Array<{ table: string; id: number; reason: string }> };

/**
 * Copies the images from elsewhere in content saved before images were copied at save time (articles'
 * bodies and covers, strategies), so it shows under the CSP that allows only the portal's images. A row
 * whose image cannot be copied is left as it is and reported. `npm run images:copy` runs it.
 */
export async function copyStoredExternalImages(db: Kysely<DB>, images: ExternalImages): Promise<CopyReport> {
  const report: CopyReport = { updated: 0, failed: [] };
  const personId = 'maintenance';
  const articles = await db
    .selectFrom('articles')
    .select(['id', 'text', 'picture'])
    .where((eb) => eb.or([eb('text', 'like', '%https://%'), eb('picture', 'like', 'https://%')]))
    .orderBy('id')
    .execute();
  for (const row of articles) {
    try {
      const text = await images.localizeHtml(row.text, personId, 'text');
      const picture = await images.localizeCover(row.picture, personId, 'picture');
      if (text === row.text && picture === row.picture) continue;
      await db.updateTable('articles').set({ text, picture }).where('id', '=', row.id).execute();
      report.updated++;
    } catch (error) {
      report.failed.push({ table: 'articles', id: row.id, reason: failure(error) });
    }
  }
  const advisories = await db
    .selectFrom('advisories')
    .select(['id', 'content'])
    .where('content', 'like', '%https://%')
    .orderBy('id')
    .execute();
  for (const row of advisories) {
    try {
      const content = await images.localizeHtml(row.content, personId, 'content');
      if (content === row.content) continue;
      await db.updateTable('advisories').set({ content }).where('id', '=', row.id).execute();
      report.updated++;
    } catch (error) {
      report.failed.push({ table: 'advisories', id: row.id, reason: failure(error) });
    }
  }
  return report;
}
