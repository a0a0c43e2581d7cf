import type { Locale } from '#shared/constants.ts';
import { TEXT_COLORS } from '../../lib/theme.ts';

// How the strategy pages write figures: fractions as percentages, ratios with 2 decimals, amounts with 2.

export const DASH = '—';
export const GAIN = TEXT_COLORS.gain;
export const LOSS = TEXT_COLORS.loss;

const intlLocale = (locale: Locale) => (locale === 'zh' ? 'zh-CN' : 'en-US');
const valid = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value);

/** A fraction as a percentage (0.1234 → 12.34%); `signed` puts + before gains. */
export function formatPercent(locale: Locale, value: number | null | undefined, signed = false): string {
  if (!valid(value)) return DASH;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
}

/** A ratio (Sharpe, profit factor): 2 decimals. */
export function formatRatio(locale: Locale, value: number | null | undefined): string {
  if (!valid(value)) return DASH;
  return new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** A whole count (trades). */
export function formatCount(locale: Locale, value: number | null | undefined): string {
  if (!valid(value)) return DASH;
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 }).format(value);
}

/** An amount with its currency, 2 decimals. */
export function formatAmount(
  locale: Locale,
  value: number | null | undefined,
  currency?: string | null,
): string {
  if (!valid(value)) return DASH;
  const text = new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return currency ? `${text} ${currency}` : text;
}

/** The test period: "2024-01-28 ~ 2024-02-04", or one end, or null. */
export function formatPeriod(start: string | null, end: string | null): string | null {
  if (!start && !end) return null;
  return `${start ?? '…'} ~ ${end ?? '…'}`;
}

/** Colour of a gain or a loss. */
export function signColor(value: number | null | undefined): string | undefined {
  if (!valid(value) || value === 0) return undefined;
  return value > 0 ? GAIN : LOSS;
}

/** The short month names of the interface language, January first. */
export function monthNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2024, month, 1))));
}
