import { ArrowLeftOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  Button,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Result,
  Skeleton,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isBuiltInRole } from '#shared/roles.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useRoles, useUser } from './admin-users-api.ts';
import { CreditTab } from './credit-tab.tsx';
import { EditPermissionsForm } from './edit-permissions-form.tsx';
import { MembershipRemindersTab } from './membership-reminders-tab.tsx';
import { MembershipTermView } from './membership-term-view.tsx';
import { RoleTagList } from './role-tag-list.tsx';
import { roleLabel, roleLookup, tagColor } from './role-tags.ts';
import { TwoFactorReset } from './two-factor-reset.tsx';

const { Title, Text } = Typography;

export const USER_LIST_PATH = '/admin/account/list';

/** /admin/account/list/detail?userId=: who the user is, and the "edit permissions" tab (spec §2). */
export function UserDetailPage() {
  const { t } = useTranslation('adminUsers');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tInvitation } = useTranslation('invitationAdmin');
  const { t: tCommon } = useTranslation();
  const [query] = useSearchParams();
  const userId = (query.get('userId') ?? '').trim();
  const user = useUser(userId);
  const auth = useAuth();
  const roles = useRoles();
  const navigate = useNavigate();
  const location = useLocation();

  // Back to where the admin came from (the list with its page and filters), else to the list.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(USER_LIST_PATH));
  const title = <title>{`${t('detail.title')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>;
  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="detail-back">
      {t('detail.back')}
    </Button>
  );

  const notFound = !userId || (user.error instanceof ApiError && user.error.status === 404);
  if (notFound) {
    return (
      <div data-testid="user-not-found">
        {title}
        {backButton}
        <Result
          status="404"
          title={t('detail.notFoundTitle')}
          subTitle={t('detail.notFoundText')}
          extra={
            <LinkButton type="primary" icon={<UnorderedListOutlined />} to={USER_LIST_PATH}>
              {t('detail.backToList')}
            </LinkButton>
          }
        />
      </div>
    );
  }
  if (user.isPending) {
    return (
      <div data-testid="user-detail-loading">
        {title}
        {backButton}
        <Skeleton active paragraph={{ rows: 8 }} style={{ marginTop: 24 }} />
      </div>
    );
  }
  if (user.isError) return <QueryError onRetry={() => void user.refetch()} />;

  const data = user.data;
  const lookup = roleLookup(roles.data);
  const level = data.level;
  const items: DescriptionsProps['items'] = [
    {
      key: 'email',
      label: t('fields.email'),
      children: <span data-testid="detail-email">{data.email}</span>,
    },
    { key: 'userName', label: t('fields.userName'), children: data.userName },
    {
      key: 'level',
      label: t('fields.level'),
      children: level ? (
        <Tag
          color={tagColor(level, roles.data?.find((role) => role.roleName === level)?.roleId ?? 0)}
          variant="outlined"
          data-testid="detail-level"
        >
          {isBuiltInRole(level) ? roleLabel(t, level) : level}
        </Tag>
      ) : (
        <Tag variant="outlined" data-testid="detail-level">
          {t('detail.nonMember')}
        </Tag>
      ),
    },
    {
      key: 'tags',
      label: t('fields.tags'),
      children: (
        <div data-testid="detail-tags">
          <RoleTagList tags={data.tags} lookup={lookup} />
        </div>
      ),
    },
    {
      key: 'expiry',
      label: t('fields.memberExpiryDate'),
      children: data.memberExpiryDate ? dayjs(data.memberExpiryDate).format('LLL') : t('term.none'),
    },
    {
      key: 'days',
      label: t('fields.memberDaysRemaining'),
      children: (
        <div data-testid="detail-days">
          <MembershipTermView expiry={data.memberExpiryDate} />
        </div>
      ),
    },
    {
      key: 'confirmed',
      label: t('fields.emailConfirmed'),
      children: data.emailConfirmed ? (
        <Tag color="green" variant="outlined">
          {t('detail.confirmed')}
        </Tag>
      ) : (
        <Tag color="orange" variant="outlined">
          {t('detail.unconfirmed')}
        </Tag>
      ),
    },
    {
      key: 'twoFactor',
      label: t('twoFactor.label'),
      children: <TwoFactorReset user={data} self={data.userId === auth.user?.sub} />,
    },
    { key: 'credit', label: t('fields.memberCredit'), children: data.memberCredit.toLocaleString() },
    { key: 'createdAt', label: t('fields.createdAt'), children: dayjs(data.createdAt).format('LL') },
    {
      key: 'userId',
      label: t('fields.userId'),
      children: (
        <Text copyable={{ text: data.userId }} style={{ fontFamily: 'monospace', fontSize: 13 }}>
          {data.userId}
        </Text>
      ),
    },
  ];

  return (
    <div data-testid="user-detail">
      {title}
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        {backButton}
        <Title level={4} style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
          {data.email}
        </Title>
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        styles={{ label: { whiteSpace: 'nowrap' }, content: { overflowWrap: 'anywhere' } }}
        items={items}
        data-testid="detail-descriptions"
        style={{ marginBottom: 24 }}
      />
      <Tabs
        items={[
          {
            key: 'permissions',
            label: t('detail.editTab'),
            // Re-created with fresh values after every save and refetch.
            children: <EditPermissionsForm key={user.dataUpdatedAt} user={data} roles={roles.data} />,
          },
          { key: 'credit', label: tInvitation('credit.tab'), children: <CreditTab user={data} /> },
          {
            key: 'reminders',
            label: <span data-testid="reminders-tab">{t('reminders.tab')}</span>,
            children: <MembershipRemindersTab userId={data.userId} />,
          },
        ]}
      />
    </div>
  );
}
