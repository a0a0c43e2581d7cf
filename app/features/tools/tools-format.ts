import type { Locale } from '#shared/constants.ts';
import { TEXT_COLORS } from '../../lib/theme.ts';

// How the calculators write their figures: prices with the precision they need (a coin under 1 USDT has
// many decimals), amounts in USDT with two decimals, quantities up to 8 decimals, ratios as percentages.
// The same strings go to the page and to the copied text.

export const DASH = '—';

const intlLocale = (locale: Locale) => (locale === 'zh' ? 'zh-CN' : 'en-US');

function format(locale: Locale, value: number, options: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(locale), options).format(value);
}

const missing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

/** A price: 2 decimals from 1,000 up, 4 from 1, otherwise 6 significant digits. */
export function formatPrice(locale: Locale, value: number | null | undefined): string {
  if (missing(value)) return DASH;
  const size = Math.abs(value);
  if (size >= 1000) return format(locale, value, { maximumFractionDigits: 2 });
  if (size >= 1) return format(locale, value, { maximumFractionDigits: 4 });
  return format(locale, value, { maximumSignificantDigits: 6 });
}

/** A quantity of the base asset: up to 8 decimals, no trailing zeros. */
export function formatQuantity(locale: Locale, value: number | null | undefined): string {
  if (missing(value)) return DASH;
  return format(locale, value, { maximumFractionDigits: 8 });
}

/** An amount in USDT, 2 decimals; `signed` puts + before gains. */
export function formatAmount(locale: Locale, value: number | null | undefined, signed = false): string {
  if (missing(value)) return DASH;
  return format(locale, value, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  });
}

/** A fraction as a percentage (0.1234 → 12.34%). */
export function formatPercent(locale: Locale, value: number | null | undefined, signed = false): string {
  if (missing(value)) return DASH;
  return format(locale, value, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  });
}

/** A plain figure (a ratio, a count, a limit in a message): up to 2 decimals. */
export function formatNumber(locale: Locale, value: number | null | undefined): string {
  if (missing(value)) return DASH;
  return format(locale, value, { maximumFractionDigits: 2 });
}

/** Colour of a gain or a loss. */
export function pnlColor(value: number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === 0 || !Number.isFinite(value)) return undefined;
  return value > 0 ? TEXT_COLORS.gain : TEXT_COLORS.loss;
}

/** A ticker's last price rounded to the symbol's price precision (the exchange's decimals). */
export function roundToPrecision(value: number, precision: number): number {
  const digits = Math.min(Math.max(Math.trunc(precision), 0), 12);
  return Number(value.toFixed(digits));
}
