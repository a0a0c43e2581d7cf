import { isBuiltInRole } from '#shared/roles.ts';
import type { TFunction } from '../../lib/translator.ts';

/** The label of a membership level: built-in roles are translated, custom tags are shown as they are. */
export function membershipLabel(t: TFunction<'personal'>, level: string | null): string {
  if (!level) return t('info.nonMember');
  return isBuiltInRole(level) ? t(`roles.${level}`) : level;
}
