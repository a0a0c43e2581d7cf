import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from '../lib/use-translation.ts';
import { StatusNotice } from './status-notice.tsx';

/** Shown where data could not be loaded (the toast already said why); offers to try again. */
export function QueryError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusNotice
      testId="query-error"
      title={t('loadError.title')}
      subtitle={t('loadError.subtitle')}
      action={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('loadError.retry')}
        </Button>
      }
    />
  );
}
