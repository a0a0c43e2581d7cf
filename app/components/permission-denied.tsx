import { HomeOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from '../lib/use-translation.ts';
import { LinkButton } from './link-button.tsx';

/** The 403 page (spec §6: "Permission Denied"). */
export function PermissionDenied() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="permission-denied"
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <title>{`${t('permissionDenied.title')} · ${t('product.name')}`}</title>
      <Result
        status="403"
        title={t('permissionDenied.title')}
        subTitle={t('permissionDenied.text')}
        extra={
          <LinkButton type="primary" to="/" icon={<HomeOutlined />}>
            {t('notFound.backHome')}
          </LinkButton>
        }
      />
    </div>
  );
}
