import { useMutation } from '@tanstack/react-query';
import { useApiClient } from './use-api.ts';

// Images for covers and editor media: what the server accepts (it checks the bytes and re-encodes them
// too), and the upload itself.

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why a chosen file cannot be uploaded, or null when it can be sent. */
export function imageFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** Uploads an image (cover or editor media) to /api/FileSave/Upload; quiet: callers say "upload failed". */
export function useUploadImage() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (file: Blob) => {
      const [first] = await api.upload('/api/FileSave/Upload', file, { quiet: true });
      if (!first) throw new Error('empty upload answer');
      return first;
    },
  });
}
