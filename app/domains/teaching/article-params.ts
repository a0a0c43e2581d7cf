/** The article id of `?id=`, or null when it is missing or not a positive whole number. */
export function articleIdOf(search: URLSearchParams): number | null {
  const raw = search.get('id');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
