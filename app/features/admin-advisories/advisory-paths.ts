/** Routes of the strategy screens (spec §2). */
export const ADVISORY_LIST_PATH = '/admin/content/advisory';

export const advisoryEditPath = (id?: number) =>
  id === undefined ? `${ADVISORY_LIST_PATH}/add` : `${ADVISORY_LIST_PATH}/add?id=${id}`;

export const advisoryDetailPath = (id: number) => `${ADVISORY_LIST_PATH}/detail?id=${id}`;

/** The id in `?id=`, or null when there is none (or it is not a number). */
export function advisoryIdParam(params: URLSearchParams): number | null {
  const raw = params.get('id');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}
