import { HomeOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from '../lib/use-translation.ts';
import { LinkButton } from './link-button.tsx';

/** The 404 content, shared by the public, personal and admin layouts. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <div data-testid="not-found">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subtitle')}
        extra={
          <LinkButton type="primary" to="/" icon={<HomeOutlined />}>
            {t('notFound.backHome')}
          </LinkButton>
        }
      />
    </div>
  );
}
