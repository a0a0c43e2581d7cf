import type { AdminAdvisory } from '#shared/schemas/advisories.ts';
import type { TFunction } from '../../lib/translator.ts';

export interface TraderLabel {
  id: number;
  name: string;
  known: boolean;
}

/**
 * The traders a strategy is pushed to, named from GET /api/Advisory/GetAllTraders (spec §8: 'unknown'
 * when no trader has the id any more).
 */
export function advisoryTraders(
  t: TFunction<'advisoriesAdmin'>,
  advisory: Pick<AdminAdvisory, 'apiKeyArray' | 'traders'>,
  names: ReadonlyMap<number, string> | undefined,
): TraderLabel[] {
  return advisory.apiKeyArray.map((id) => {
    const name = names?.get(id) ?? advisory.traders.find((trader) => trader.id === id)?.keyName;
    return name === undefined ? { id, name: t('traders.unknown'), known: false } : { id, name, known: true };
  });
}
