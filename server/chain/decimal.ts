// Exact arithmetic on decimal text (token amounts): a float would lose the low digits of an 18-decimal
// token's amount, so sums are done on integers scaled by 10^36 (the most fractional digits an amount has).

const SCALE = 36;
const UNIT = 10n ** BigInt(SCALE);

function toScaled(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole || '0') * UNIT + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0') || '0');
  return negative ? -value : value;
}

function fromScaled(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / UNIT).toString();
  const fraction = (abs % UNIT).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The exact sum of decimal amounts ("0" for none). */
export const sumDecimals = (values: readonly string[]): string =>
  fromScaled(values.reduce((sum, value) => sum + toScaled(value), 0n));

/** a − b, exactly (negative with a leading "-"). */
export const subtractDecimals = (a: string, b: string): string => fromScaled(toScaled(a) - toScaled(b));
