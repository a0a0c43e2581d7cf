import { NEGATIVE_BALANCE_CODE } from '#shared/schemas/credit.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The server's refusal of a change that would take a balance below 0 (409 with the balances), which the
 * pages turn into a confirmation before sending the change again with `allowNegative`.
 */
export function negativeBalanceRefusal(error: unknown): { balance: number; balanceAfter: number } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const problem = error.problem as Record<string, unknown> | null;
  if (problem?.code !== NEGATIVE_BALANCE_CODE) return null;
  const balance = Number(problem.balance);
  const balanceAfter = Number(problem.balanceAfter);
  return Number.isFinite(balance) && Number.isFinite(balanceAfter) ? { balance, balanceAfter } : null;
}
