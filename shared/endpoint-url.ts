// The address of an API call, and which writes take no body, without the contract's schemas: the web app
// calls the API without downloading the contract (and zod with it) in production (app/lib/api-client.ts).

/**
 * The JSON writes (`METHOD /path`) whose route reads no body: the client sends them an empty object and takes
 * its first argument as the call's options. server/api-contract.test.ts holds this list to the contract.
 */
export const WRITES_WITHOUT_BODY: ReadonlySet<string> = new Set([
  'POST /api/PersonalInfo/EndOtherSessions',
  'POST /api/PersonalInfo/TwoFactor/Begin',
  'PUT /Articles/ApprovalArticle',
  'POST /Articles/Like/:id',
  'POST /Articles/Collect/:id',
  'POST /api/SystemMessage/DismissPop',
  'POST /api/ArticleClassification/Delete',
  'POST /api/Advisory/DeleteAdvisory',
  'POST /api/SystemMessage/UpdateSystemMessageIsRoll',
  'POST /api/SystemMessage/UpdateSystemMessageIsPop',
  'POST /api/SystemMessage/DeleteSystemMessage',
]);

/**
 * The address of a call: `:name` segments replaced by the encoded parameters, then the query string of the
 * values that are set (undefined and null are left out; booleans read 'true' and 'false').
 */
export function endpointUrl(
  path: string,
  parts: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  const address = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = parts.params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${address}?${query}` : address;
}
