import { localDateTime } from '../../lib/date-format.ts';

export { readableDate } from '../../lib/date-format.ts';

/** A date and time for tables. */
export function tableDateTime(iso: string): string {
  return localDateTime(iso);
}
