/** Routes of the quant strategy admin screens. */
export const QUANT_LIST_PATH = '/admin/content/quant';
export const QUANT_ADD_PATH = `${QUANT_LIST_PATH}/add`;
export const quantEditPath = (id: number) => `${QUANT_LIST_PATH}/edit/${id}`;

/** The id in `/edit/:id`, or null when it is not a number. */
export function quantIdParam(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
