import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { BRAND_COLORS } from '../../lib/theme.ts';

/** Live trading and trading statistics arrive in a later release; the tab says so instead of showing made-up data. */
export function ComingLater({ view }: { view: 'live' | 'statistics' }) {
  const { t } = useTranslation('advisories');
  return (
    <Result
      data-testid={`trading-${view}-later`}
      icon={<ClockCircleOutlined style={{ color: BRAND_COLORS.gold }} />}
      title={t(`trading.later.${view}.title`)}
      subTitle={
        <span style={{ display: 'inline-block', maxWidth: 520 }}>{t(`trading.later.${view}.text`)}</span>
      }
    />
  );
}
