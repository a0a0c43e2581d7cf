import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown where data could not be loaded (the toast already said why); offers to try again. */
export function QueryError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      data-testid="query-error"
      status="warning"
      title={t('loadError.title')}
      subTitle={t('loadError.subtitle')}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('loadError.retry')}
        </Button>
      }
    />
  );
}
