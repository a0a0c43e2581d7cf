import type { TFunction } from 'i18next';
import { isBuiltInRole } from '#shared/roles.ts';

/** The label of a membership level: built-in roles are translated, custom tags are shown as they are. */
export function membershipLabel(t: TFunction<'personal'>, level: string | null): string {
  if (!level) return t('info.nonMember');
  return isBuiltInRole(level) ? t(`roles.${level}`) : level;
}
