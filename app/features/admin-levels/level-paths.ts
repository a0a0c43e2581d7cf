/** Routes of the level set screens. */
export const LEVEL_LIST_PATH = '/admin/content/pressure';
export const LEVEL_ADD_PATH = `${LEVEL_LIST_PATH}/add`;
export const levelEditPath = (id: number) => `${LEVEL_LIST_PATH}/edit/${id}`;

/** The id in `/edit/:id`, or null when it is not a number. */
export function levelIdParam(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
