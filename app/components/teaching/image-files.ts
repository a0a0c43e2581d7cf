// Images the server accepts for covers and editor media (it checks the bytes and re-encodes them too).

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why a chosen file cannot be uploaded, or null when it can be sent. */
export function imageFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}
