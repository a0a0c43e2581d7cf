import { ArticleEditScreen } from '../../domains/teaching/article-edit-screen.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** /admin/content/teach/add: publish a tutorial, or edit one (`?id=`, row passed from the list). */
export function AdminTeachAddPage() {
  const { t } = useTranslation('teach');
  const { t: tAdmin } = useTranslation('admin');
  return (
    <ArticleEditScreen
      audience="admin"
      listPath="/admin/content/teach"
      titles={{ add: t('admin.addTitle'), edit: t('admin.editTitle'), back: t('admin.back') }}
      documentTitle={tAdmin('title')}
    />
  );
}
