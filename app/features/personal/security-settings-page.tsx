import { DesktopOutlined, LockOutlined, MailOutlined, PoweroffOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Grid,
  Input,
  Popconfirm,
  Row,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import {
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  changeEmailRequest,
  changePasswordRequest,
} from '#shared/schemas/auth.ts';
import type { SessionInfo } from '#shared/schemas/personal.ts';
import { FormActions } from '../../components/form-actions.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useAccount } from '../../lib/account.ts';
import { ApiError } from '../../lib/api-client.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  EMAIL_FIELDS,
  PASSWORD_FIELDS,
  useChangeEmail,
  useChangePassword,
  useEndOtherSessions,
  useSessions,
} from './personal-api.ts';
import { SignInHistoryCard } from './sign-in-history.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';
import { describeUserAgent } from './user-agent.ts';

const { Text, Paragraph } = Typography;

/** /personal/safeset: password, e-mail, the signed-in devices and the sign-in history (spec §2 security settings). */
export function SecuritySettingsPage() {
  const { t } = useTranslation('personal');
  const { t: tCommon } = useTranslation();
  return (
    <Flex vertical gap={20} data-testid="security-settings">
      <title>{`${t('menu.safeset')} · ${tCommon('product.name')}`}</title>
      <Row gutter={[20, 20]}>
        <Col xs={24} xl={12}>
          <ChangePasswordCard />
        </Col>
        <Col xs={24} xl={12}>
          <ChangeEmailCard />
        </Col>
      </Row>
      <TwoFactorCard />
      <SessionsCard />
      <SignInHistoryCard />
    </Flex>
  );
}

function ChangePasswordCard() {
  const formLayout = useFormLayout();
  const { t } = useTranslation('personal');
  const { message } = useFeedback();
  const [form] = Form.useForm<ChangePasswordRequest>();
  useRevalidateOnLanguageChange(form);
  const change = useChangePassword();
  const rule = (field: string) => zodRule(changePasswordRequest, field);

  const submit = async (values: ChangePasswordRequest) => {
    try {
      await change.mutateAsync(values);
      form.resetFields();
      void message.success(t('security.passwordChanged'));
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, PASSWORD_FIELDS);
    }
  };

  return (
    <Card
      title={
        <span>
          <LockOutlined style={{ marginInlineEnd: 8 }} />
          {t('security.passwordTitle')}
        </span>
      }
      style={{ height: '100%' }}
    >
      <Form<ChangePasswordRequest>
        form={form}
        {...formLayout}
        initialValues={{ currentPassword: '', password: '', confirm: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="change-password-form"
      >
        <Form.Item
          name="currentPassword"
          label={t('security.currentPassword')}
          rules={[rule('currentPassword')]}
        >
          <Input.Password autoComplete="current-password" data-testid="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('security.newPassword')}
          rules={[rule('password')]}
          extra={t('security.passwordHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            data-testid="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('security.confirm')}
          rules={[rule('confirm')]}
          dependencies={['password']}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            data-testid="confirm-password"
          />
        </Form.Item>
        <FormActions>
          <Button
            type="primary"
            htmlType="submit"
            loading={change.isPending}
            data-testid="change-password-submit"
          >
            {t('security.changePassword')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

type EmailValues = Omit<ChangeEmailRequest, 'locale'>;

function ChangeEmailCard() {
  const formLayout = useFormLayout();
  const { t } = useTranslation('personal');
  const account = useAccount();
  const [form] = Form.useForm<EmailValues>();
  useRevalidateOnLanguageChange(form);
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const rule = (field: string) => zodRule(changeEmailRequest, field);

  const submit = async (values: EmailValues) => {
    try {
      await change.mutateAsync(values);
      setSentTo(values.newEmail.trim());
      form.resetFields();
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, EMAIL_FIELDS);
    }
  };

  const pending = sentTo ?? account.data?.pendingEmail ?? null;
  return (
    <Card
      title={
        <span>
          <MailOutlined style={{ marginInlineEnd: 8 }} />
          {t('security.emailTitle')}
        </span>
      }
      style={{ height: '100%' }}
    >
      <Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('security.emailNote')}
      </Paragraph>
      {account.data ? (
        <Paragraph>
          {t('security.currentEmail')}
          <Text strong style={{ overflowWrap: 'anywhere' }}>
            {account.data.email}
          </Text>
        </Paragraph>
      ) : null}
      {pending ? (
        <Alert
          data-testid="email-change-sent"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('security.emailSent', { email: pending })}
        />
      ) : null}
      <Form<EmailValues>
        form={form}
        {...formLayout}
        initialValues={{ newEmail: '', password: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="change-email-form"
      >
        <Form.Item name="newEmail" label={t('security.newEmail')} rules={[rule('newEmail')]}>
          <Input autoComplete="email" inputMode="email" data-testid="new-email" />
        </Form.Item>
        <Form.Item name="password" label={t('security.passwordForEmail')} rules={[rule('password')]}>
          <Input.Password autoComplete="current-password" data-testid="email-password" />
        </Form.Item>
        <FormActions>
          <Button
            type="primary"
            htmlType="submit"
            loading={change.isPending}
            data-testid="change-email-submit"
          >
            {t('security.changeEmail')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useTranslation('personal');
  const { message } = useFeedback();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  // Phones get one column: the device, with its address and sign-in time beneath.
  const compact = Grid.useBreakpoint().md === false;
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const columns: TableProps<SessionInfo>['columns'] = [
    {
      key: 'device',
      title: t('security.device'),
      render: (_, session) => {
        const { browser, system } = describeUserAgent(session.userAgent);
        const name =
          browser && system
            ? t('security.browserOn', { browser, system })
            : (browser ?? system ?? t('security.unknownDevice'));
        return (
          <Flex gap={10} align="flex-start">
            <DesktopOutlined style={{ marginTop: 4, color: 'rgba(0, 0, 0, 0.45)' }} />
            <div style={{ minWidth: 0 }}>
              <Flex gap={8} wrap align="center">
                <Text strong>{name}</Text>
                {session.current ? (
                  <Tag color="blue" variant="outlined" data-testid="this-device">
                    {t('security.thisDevice')}
                  </Tag>
                ) : null}
              </Flex>
              {compact ? (
                <Text type="secondary" style={{ fontSize: 12 }}>
                  {session.ip ?? t('info.notSet')} · {dayjs(session.signedInAt).format('LLL')}
                </Text>
              ) : session.userAgent ? (
                <Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                  {session.userAgent}
                </Text>
              ) : null}
            </div>
          </Flex>
        );
      },
    },
    {
      key: 'ip',
      title: t('security.ip'),
      dataIndex: 'ip',
      width: 150,
      responsive: ['md'],
      render: (ip: string | null) => ip ?? <Text type="secondary">{t('info.notSet')}</Text>,
    },
    {
      key: 'signedInAt',
      title: t('security.signedInAt'),
      dataIndex: 'signedInAt',
      width: 200,
      responsive: ['md'],
      render: (value: string) => dayjs(value).format('LLL'),
    },
  ];

  const endAll = async () => {
    try {
      const result = await endOthers.mutateAsync();
      void message.success(t('security.sessionsEnded', { count: result.ended }));
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Card
      title={
        <span>
          <DesktopOutlined style={{ marginInlineEnd: 8 }} />
          {t('security.sessionsTitle')}
        </span>
      }
    >
      <Flex gap={16} align="flex-start" justify="space-between" wrap style={{ marginBottom: 16 }}>
        <Paragraph type="secondary" style={{ margin: 0, flex: '1 1 320px' }}>
          {t('security.sessionsNote')}
        </Paragraph>
        <Popconfirm
          title={t('security.endOthersConfirmTitle')}
          description={t('security.endOthersConfirm')}
          okText={t('security.endOthers')}
          okButtonProps={{ danger: true, 'data-testid': 'end-others-ok' }}
          onConfirm={() => void endAll()}
          disabled={others === 0}
        >
          <Button
            danger
            icon={<PoweroffOutlined />}
            disabled={others === 0}
            loading={endOthers.isPending}
            data-testid="end-other-sessions"
          >
            {t('security.endOthers')}
          </Button>
        </Popconfirm>
      </Flex>
      {sessions.isError ? (
        <QueryError onRetry={() => void sessions.refetch()} />
      ) : (
        <Table<SessionInfo>
          data-testid="sessions-table"
          rowKey="id"
          size="middle"
          loading={sessions.isPending}
          columns={columns}
          dataSource={sessions.data ?? []}
          pagination={false}
          scroll={compact ? undefined : { x: 640 }}
        />
      )}
    </Card>
  );
}
