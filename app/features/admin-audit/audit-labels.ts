import type { TFunction } from '../../lib/translator.ts';

// Human labels of actions and target types in the reader's language; a name without one (an older row's,
// or one added since) is shown as it is.

export function actionLabel(t: TFunction<'auditAdmin'>, action: string): string {
  return t(`actions.${action.replaceAll('.', '_')}` as never, { defaultValue: action }) as string;
}

export function targetTypeLabel(t: TFunction<'auditAdmin'>, type: string): string {
  return t(`targetTypes.${type}` as never, { defaultValue: type }) as string;
}
