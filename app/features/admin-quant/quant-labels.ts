import type { QuantCard } from '#shared/schemas/quant.ts';

// How the quant strategy screens colour risk levels and statuses and show figures (role tags:
// lib/role-labels.ts).

export const RISK_COLOR: Record<QuantCard['riskLevel'], string> = {
  low: 'green',
  medium: 'orange',
  high: 'red',
};

export const STATUS_COLOR: Record<QuantCard['status'], string> = {
  backtest: 'default',
  paper: 'processing',
  live: 'success',
};

/** A fraction as a percentage with two decimals (0.019 → 1.90%); null: a dash. */
export function percentText(fraction: number | null): string {
  return fraction === null ? '—' : `${(fraction * 100).toFixed(2)}%`;
}

/** A ratio with two decimals; null: a dash. */
export function ratioText(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}
