import { NotFound } from '../../components/not-found.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** The page for any path the app does not know; rendered inside whichever layout matched. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div style={{ width: '100%', padding: '48px 16px' }}>
      <title>{`${t('notFound.documentTitle')} · ${t('product.name')}`}</title>
      <NotFound />
    </div>
  );
}
