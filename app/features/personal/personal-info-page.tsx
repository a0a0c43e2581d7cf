import { EditOutlined, MailOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  Alert,
  Avatar,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Grid,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { AVATAR_SIZE, DEFAULT_AVATAR_URL } from '#shared/constants.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useAccount } from '../../lib/account.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { membershipTerm } from '../../lib/membership-days.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { membershipLabel } from './membership-labels.ts';

const { Title, Text } = Typography;

/** /personal/info: the account at a glance (spec §2 account info). */
export function PersonalInfoPage() {
  const { t } = useTranslation('personal');
  const { t: tCommon } = useTranslation();
  const account = useAccount();
  const screens = Grid.useBreakpoint();

  const title = <title>{`${t('menu.info')} · ${tCommon('product.name')}`}</title>;
  if (account.isPending) {
    return (
      <div data-testid="personal-info-loading">
        {title}
        <Skeleton avatar={{ size: AVATAR_SIZE }} active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (account.isError) return <QueryError onRetry={() => void account.refetch()} />;

  const info = account.data;
  const none = <Text type="secondary">{t('info.notSet')}</Text>;
  const expiry = info.memberExpiryDate ? dayjs(info.memberExpiryDate) : null;
  // The same count as the back office shows for this membership (calendar days in the viewer's time zone).
  const term = membershipTerm(info.memberExpiryDate);

  const items: DescriptionsProps['items'] = [
    { key: 'nickName', label: t('fields.nickName'), children: info.nickName || none },
    {
      key: 'uid',
      label: 'UID',
      children: (
        <Text copyable={{ text: info.uid }} style={{ fontFamily: 'monospace', fontSize: 13 }}>
          {info.uid}
        </Text>
      ),
    },
    {
      key: 'email',
      label: t('fields.email'),
      children: (
        <Flex gap={8} wrap align="center">
          <span>{info.email}</span>
          {info.emailConfirmed ? (
            <Tag color="green" variant="outlined">
              {t('info.emailConfirmed')}
            </Tag>
          ) : (
            <Tag color="orange" variant="outlined">
              {t('info.emailUnconfirmed')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'level',
      label: t('fields.membershipLevel'),
      children: (
        <Tag color={info.isMember ? 'gold' : 'default'} variant="outlined" data-testid="membership-level">
          {membershipLabel(t, info.membershipLevel)}
        </Tag>
      ),
    },
    {
      key: 'expiry',
      label: t('fields.memberExpiryDate'),
      // Admins are members without an expiry date.
      children: expiry ? expiry.format('LL') : info.isMember ? t('info.noExpiry') : none,
    },
    {
      key: 'days',
      label: t('fields.memberDaysRemaining'),
      children:
        term.kind === 'none' ? (
          info.isMember ? (
            t('info.noExpiry')
          ) : (
            none
          )
        ) : term.kind === 'expired' ? (
          <Tag color="red" variant="outlined">
            {t('info.expired')}
          </Tag>
        ) : term.kind === 'endsToday' ? (
          <Tag color="orange" variant="outlined">
            {t('info.endsToday')}
          </Tag>
        ) : (
          t('info.days', { count: term.days })
        ),
    },
    { key: 'gender', label: t('fields.gender'), children: info.gender ? t(`gender.${info.gender}`) : none },
    { key: 'phone', label: t('fields.phone'), children: info.phone || none },
    {
      // The profile's points are the member credit balance (docs/decisions.md): one figure, with its history.
      key: 'points',
      label: t('fields.points'),
      children: (
        <Flex gap={12} wrap align="center">
          <span data-testid="personal-points">{info.memberCredit.toLocaleString()}</span>
          <Link to="/personal/invitation#credit" data-testid="personal-points-history">
            {t('info.pointsHistory')}
          </Link>
        </Flex>
      ),
    },
    { key: 'createdAt', label: t('fields.createdAt'), children: dayjs(info.createdAt).format('LL') },
  ];

  return (
    <div data-testid="personal-info">
      {title}
      <Flex gap={24} align="center" wrap style={{ marginBottom: 24 }}>
        <Avatar
          size={AVATAR_SIZE}
          src={info.pic || DEFAULT_AVATAR_URL}
          alt=""
          data-testid="personal-avatar"
        />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="personal-name">
            {info.nickName || info.email}
          </Title>
          <Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {info.email}
          </Text>
          <Flex gap={8} wrap style={{ marginTop: 12 }}>
            <LinkButton to="/personal/edit" icon={<EditOutlined />}>
              {t('menu.edit')}
            </LinkButton>
            <LinkButton to="/personal/safeset" icon={<SafetyCertificateOutlined />}>
              {t('menu.safeset')}
            </LinkButton>
          </Flex>
        </div>
      </Flex>
      {info.pendingEmail ? (
        <Alert
          data-testid="pending-email"
          type="warning"
          showIcon
          icon={<MailOutlined />}
          style={{ marginBottom: 20 }}
          title={t('info.pendingEmail', { email: info.pendingEmail })}
          description={t('info.pendingEmailHint')}
        />
      ) : null}
      {info.isMember ? null : (
        <Alert
          data-testid="not-member-hint"
          type="info"
          showIcon
          style={{ marginBottom: 20 }}
          title={tCommon('notMember.title')}
          description={tCommon('notMember.text')}
        />
      )}
      <Descriptions
        bordered
        size="middle"
        column={screens.lg ? 2 : 1}
        items={items}
        styles={{ label: { width: 150 } }}
      />
    </div>
  );
}
