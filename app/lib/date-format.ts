import { i18n } from './i18n.ts';

// The dates the first pages show (the header's messages, the tutorial list), formatted with the browser's
// Intl rather than dayjs (lib/dayjs.ts), which the pages that calculate with dates download with them.

const twoDigits = (value: number) => String(value).padStart(2, '0');

function parse(iso: string): Date | undefined {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Local date and time as YYYY-MM-DD HH:mm (the same in both languages); "Invalid Date" as dayjs wrote it. */
export function localDateTime(iso: string): string {
  const at = parse(iso);
  if (!at) return 'Invalid Date';
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())} ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

const readableFormats = new Map<string, Intl.DateTimeFormat>();

/** A date for readers, in the interface language ("2025年3月5日" / "March 5, 2025"). */
export function readableDate(iso: string): string {
  const at = parse(iso);
  if (!at) return 'Invalid Date';
  const locale = i18n.language === 'en' ? 'en-US' : 'zh-CN';
  let format = readableFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' });
    readableFormats.set(locale, format);
  }
  return format.format(at);
}
