import { expect, type Page } from '@playwright/test';
import {
  type AddressParts,
  type EndpointAt,
  endpointOf,
  endpointUrl,
  type ResponseOf,
  type UploadPath,
} from '../../shared/api-contract.ts';

// Multipart uploads of the API contract (`multipart: true`), sent as the signed-in person of a page (the
// bearer token from the tab's storage, as e2e/support/api.ts takes it), checked by the route's response schema.

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Uploads one file in the field `file` and answers what the response schema reads; expects 200. */
export async function upload<P extends UploadPath>(
  page: Page,
  path: P,
  file: UploadFile,
  parts: AddressParts<EndpointAt<'POST', P>> = {} as AddressParts<EndpointAt<'POST', P>>,
): Promise<ResponseOf<EndpointAt<'POST', P>>> {
  const endpoint = endpointOf('POST', path);
  if (!endpoint) throw new Error(`POST ${path} is not in the API contract`);
  const url = endpointUrl(path, parts as { query?: Record<string, unknown> });
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((candidate) => candidate.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  const response = await page.request.post(url, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file },
  });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBe(200);
  return endpoint.response.parse(await response.json()) as ResponseOf<EndpointAt<'POST', P>>;
}
