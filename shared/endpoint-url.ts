// The address of an API call, without the contract's schemas: the web app builds addresses before the
// contract (and zod with it) has been downloaded (app/lib/api-client.ts).

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
