// How the calculators check what a person typed. Each calculator takes its fields as numbers, or null for
// an empty field (what an antd InputNumber gives), checks them all, and either computes or answers an error
// code per field; the web app shows each code as a message in the interface language (locales, `tools`
// namespace, `errors.<code>`, with the `params` interpolated).

/** A field as the form holds it: a number, or null/undefined while it is empty. */
export type NumberInput = number | null | undefined;

export type FieldErrorCode =
  | 'required'
  | 'positive'
  | 'nonNegative'
  | 'integer'
  | 'range'
  | 'tooLarge'
  | 'stopEqualsEntry'
  | 'stopAboveEntry'
  | 'stopBelowEntry'
  | 'stopBeyondZero'
  | 'targetWrongSide'
  | 'targetNotPositive'
  | 'rateTooLow'
  | 'notionalAboveTiers';

export interface FieldError {
  code: FieldErrorCode;
  params?: Readonly<Record<string, number>>;
}

export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

/** A calculator's answer: its figures, or the errors of the fields that stop it. */
export type Outcome<T, F extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<F> };

/** Larger amounts or prices are surely a typing slip, and would lose precision in floating point. */
export const MAX_AMOUNT = 1e15;
/** The highest leverage Binance offers on USDⓈ-M futures. */
export const MAX_LEVERAGE = 125;

export const LONG = 'long';
export const SHORT = 'short';
export type Side = typeof LONG | typeof SHORT;
/** Binance's Side: 1 for a long position, −1 for a short one. */
export const sideSign = (side: Side): 1 | -1 => (side === LONG ? 1 : -1);

const isNumber = (value: NumberInput): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Collects the errors of one calculator's fields. Each check answers the number when it passes and NaN when
 * it does not (the figures are only computed once no field has an error).
 */
export class FieldChecker<F extends string> {
  readonly errors: FieldErrors<F> = {};

  fail(field: F, code: FieldErrorCode, params?: Record<string, number>): void {
    if (this.errors[field]) return; // the first problem of a field is the one shown
    this.errors[field] = params ? { code, params } : { code };
  }

  hasError(field: F): boolean {
    return this.errors[field] !== undefined;
  }

  /** Any number, present (may be negative); `optional` reads an empty field as `fallback`. */
  number(field: F, value: NumberInput, options: { optional?: boolean; fallback?: number } = {}): number {
    if (!isNumber(value)) {
      if (options.optional) return options.fallback ?? 0;
      this.fail(field, 'required');
      return Number.NaN;
    }
    if (Math.abs(value) > MAX_AMOUNT) {
      this.fail(field, 'tooLarge', { max: MAX_AMOUNT });
      return Number.NaN;
    }
    return value;
  }

  /** A number above 0. */
  positive(field: F, value: NumberInput): number {
    const number = this.number(field, value);
    if (Number.isNaN(number)) return number;
    if (number <= 0) {
      this.fail(field, 'positive');
      return Number.NaN;
    }
    return number;
  }

  /** A number of 0 or more; `optional` reads an empty field as 0. */
  nonNegative(field: F, value: NumberInput, options: { optional?: boolean } = {}): number {
    const number = this.number(field, value, options);
    if (Number.isNaN(number)) return number;
    if (number < 0) {
      this.fail(field, 'nonNegative');
      return Number.NaN;
    }
    return number;
  }

  /** A number within [min, max]; `integer` also asks for a whole number. */
  range(field: F, value: NumberInput, min: number, max: number, options: { integer?: boolean } = {}): number {
    const number = this.number(field, value);
    if (Number.isNaN(number)) return number;
    if (options.integer && !Number.isInteger(number)) {
      this.fail(field, 'integer');
      return Number.NaN;
    }
    if (number < min || number > max) {
      this.fail(field, 'range', { min, max });
      return Number.NaN;
    }
    return number;
  }

  /** Leverage: from 1× to Binance's highest. */
  leverage(field: F, value: NumberInput): number {
    return this.range(field, value, 1, MAX_LEVERAGE);
  }

  done<T>(compute: () => T): Outcome<T, F> {
    if (Object.keys(this.errors).length > 0) return { ok: false, errors: this.errors };
    return { ok: true, value: compute() };
  }
}
