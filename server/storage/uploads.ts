import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';

export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Covers and avatars never need more: larger images are refused from their header, before decoding. */
const MAX_IMAGE_SIDE = 4096;
const MAX_IMAGE_PIXELS = MAX_IMAGE_SIDE * MAX_IMAGE_SIDE;

/** An upload that is not an acceptable image; the message is a key of shared/messages.ts. */
export class UploadRejected extends Error {
  override name = 'UploadRejected';
  readonly key:
    | 'uploadEmpty'
    | 'uploadTooLarge'
    | 'uploadNotImage'
    | 'uploadUnreadable'
    | 'uploadTooManyPixels';
  constructor(key: UploadRejected['key']) {
    super(key);
    this.key = key;
  }
}

type StoredImage = { url: string; width: number; height: number; bytes: number };

/**
 * Stores an uploaded image safely: the bytes must really be a JPEG, PNG, WebP or GIF (magic bytes, not
 * the name or the declared type), it is re-encoded (dropping anything hidden in it, metadata included)
 * and saved under a random name. SVG is refused: it can carry script.
 */
export async function storeImage(
  uploadsDir: string,
  folder: 'avatars' | 'images',
  data: Buffer,
  resize: { width: number; height: number; fit: 'cover' | 'inside' },
): Promise<StoredImage> {
  if (data.length === 0) throw new UploadRejected('uploadEmpty');
  if (data.length > MAX_IMAGE_BYTES) throw new UploadRejected('uploadTooLarge');
  const type = await fileTypeFromBuffer(data);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw new UploadRejected('uploadNotImage');
  // The header says how large the image is; decoding a huge one would cost seconds of CPU.
  let size: { width?: number | undefined; height?: number | undefined };
  try {
    size = await sharp(data).metadata();
  } catch {
    throw new UploadRejected('uploadUnreadable');
  }
  if (!size.width || !size.height) throw new UploadRejected('uploadUnreadable');
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new UploadRejected('uploadTooManyPixels');
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ ...resize, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UploadRejected('uploadUnreadable');
  }
  const name = `${randomBytes(16).toString('hex')}.webp`;
  const dir = path.join(uploadsDir, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), output.data, { flag: 'wx' });
  return {
    url: `/uploads/${folder}/${name}`,
    width: output.info.width,
    height: output.info.height,
    bytes: output.data.length,
  };
}
