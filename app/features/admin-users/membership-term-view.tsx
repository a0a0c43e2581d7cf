import { Tag, Typography } from 'antd';
import { membershipTerm } from '../../lib/membership-days.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** Days remaining of a membership: red once expired, orange on its last day. */
export function MembershipTermView({ expiry, now }: { expiry: string | null; now?: number }) {
  const { t } = useTranslation('adminUsers');
  const term = membershipTerm(expiry, now);
  switch (term.kind) {
    case 'none':
      return (
        <Typography.Text type="secondary" data-testid="term" data-term="none">
          {t('term.none')}
        </Typography.Text>
      );
    case 'expired':
      return (
        <Tag color="red" variant="outlined" data-testid="term" data-term="expired">
          {term.daysAgo > 0 ? t('term.expiredDaysAgo', { count: term.daysAgo }) : t('term.expired')}
        </Tag>
      );
    case 'endsToday':
      return (
        <Tag color="orange" variant="outlined" data-testid="term" data-term="0">
          {t('term.endsToday')}
        </Tag>
      );
    case 'active':
      return (
        <span data-testid="term" data-term={term.days}>
          {t('term.days', { count: term.days })}
        </span>
      );
  }
}
