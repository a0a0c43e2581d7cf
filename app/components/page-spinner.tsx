import { useTranslation } from '../lib/use-translation.ts';
import { Spinner } from './spinner.tsx';

/** Centred spinner shown while a lazily loaded page (or the app itself) loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="page-spinner"
      role="status"
      aria-live="polite"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '60vh',
        width: '100%',
      }}
    >
      <Spinner size="large" label={t('loading')} />
    </div>
  );
}
