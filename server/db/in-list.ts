/** An `in` list SQL accepts when there is nothing to match (row ids are positive). */
export const idsOrNone = (ids: number[]): number[] => (ids.length ? ids : [-1]);
