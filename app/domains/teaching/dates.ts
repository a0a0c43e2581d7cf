import dayjs from 'dayjs';

/** A date for readers, in the interface language ("2025年3月5日" / "March 5, 2025"). */
export function readableDate(iso: string): string {
  return dayjs(iso).format('LL');
}

/** A date and time for tables. */
export function tableDateTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm');
}
