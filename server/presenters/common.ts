/** Times leave the API as ISO 8601 strings; the database keeps epoch milliseconds. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();

export const isoTimeOrNull = (ms: number | null): string | null => (ms === null ? null : isoTime(ms));
