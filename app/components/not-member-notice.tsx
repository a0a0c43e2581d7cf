import { CustomerServiceOutlined, ReadOutlined, UserOutlined } from '@ant-design/icons';
import { Flex, Result } from 'antd';
import { BRAND_COLORS } from '../lib/theme.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { LinkButton } from './link-button.tsx';

/** Spec §6: what a non-member (or a member whose membership has expired) sees in a members-only section. */
export function NotMemberNotice() {
  const { t } = useTranslation();
  return (
    <div data-testid="not-member-notice" style={{ width: '100%', padding: '48px 16px' }}>
      <title>{`${t('notMember.title')} · ${t('product.name')}`}</title>
      <Result
        icon={<CustomerServiceOutlined style={{ color: BRAND_COLORS.gold }} />}
        title={t('notMember.title')}
        subTitle={
          <span style={{ display: 'inline-block', maxWidth: 560 }}>
            {t('notMember.text')}
            <br />
            {t('notMember.open')}
          </span>
        }
        extra={
          <Flex gap={12} justify="center" wrap>
            <LinkButton type="primary" to="/teach" icon={<ReadOutlined />}>
              {t('notMember.tutorials')}
            </LinkButton>
            <LinkButton to="/personal/info" icon={<UserOutlined />}>
              {t('notMember.account')}
            </LinkButton>
          </Flex>
        }
      />
    </div>
  );
}
