/** Dates of the tutorials: readable for readers, YYYY-MM-DD HH:mm for tables (lib/date-format.ts). */
export { localDateTime as tableDateTime, readableDate } from '../../lib/date-format.ts';
