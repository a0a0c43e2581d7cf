import { useMutation } from '@tanstack/react-query';
import { acceptLanguage, errorMessages } from '../../lib/api-client.ts';
import { useAuthClient } from '../../lib/auth/auth-context.tsx';
import { currentLocale } from '../../lib/i18n.ts';

// GET /api/Media/ExportOpml answers an OPML document, not JSON, so it is not in the API contract: it is
// fetched here with the same token and language, and handed to the browser as a download.

const EXPORT_PATH = '/api/Media/ExportOpml';
const FALLBACK_NAME = 'media-sources.opml';

/** The file name the server gives (Content-Disposition), else a plain one. */
function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? FALLBACK_NAME;
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the address only after the click has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the source list as OPML; a failure rejects with the server's messages. */
export function useExportOpml() {
  const auth = useAuthClient();
  return useMutation({
    mutationFn: async () => {
      const send = (token: string | null) =>
        fetch(EXPORT_PATH, {
          headers: {
            accept: 'text/x-opml, application/xml',
            'accept-language': acceptLanguage(currentLocale()),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          credentials: 'same-origin',
        });
      const token = await auth.getAccessToken();
      let response = await send(token);
      // A token that expired on its way: once more with a renewed one, as every API call (lib/api-client.ts).
      if (response.status === 401 && token) {
        const renewed = await auth.renewAccessToken(token).catch(() => null);
        if (renewed) response = await send(renewed);
      }
      if (!response.ok) {
        const body = await response.text();
        const messages = errorMessages({
          status: response.status,
          statusText: response.statusText,
          contentType: response.headers.get('content-type'),
          body,
        });
        throw new Error(messages.join(' '));
      }
      const name = fileNameOf(response.headers.get('content-disposition'));
      saveFile(await response.blob(), name);
      return name;
    },
  });
}
