import { CopyOutlined, DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  type ButtonProps,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  QRCode,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { twoFactorCodeRequest, twoFactorRecoveryRequest } from '#shared/schemas/auth.ts';
import type { TwoFactorSetup } from '#shared/schemas/personal.ts';
import { QueryError } from '../../components/query-error.tsx';
import { accountKeys } from '../../lib/account.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, zodRule } from '../../lib/form-rules.ts';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const { Text, Paragraph } = Typography;
const LOW_RECOVERY_CODES = 3;

/** The key as authenticator apps ask for it typed: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function useTwoFactor() {
  const api = useApiClient();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: accountKeys.twoFactor(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/PersonalInfo/TwoFactor', { signal }),
    enabled: auth.status === 'authenticated',
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor(auth.user?.sub) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.info(auth.user?.sub) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.sessions(auth.user?.sub) }),
    ]);
  return { api, status, refresh };
}

/**
 * Security settings: two-factor sign-in (TOTP). Off: set it up (QR code and key, a first code, then the ten
 * recovery codes, shown once). On: new recovery codes, and turning it off (not for administrators, who must
 * keep it; `?twoFactor=required` is where the back office sends an administrator without it).
 */
export function TwoFactorCard() {
  const { t } = useTranslation('personal');
  const { api, status, refresh } = useTwoFactor();
  const [params] = useSearchParams();
  const requiredHere = params.get('twoFactor') === 'required';
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<'newCodes' | 'turnOff' | null>(null);
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (requiredHere) card.current?.scrollIntoView?.({ block: 'start' });
  }, [requiredHere]);

  const begin = useMutation({ mutationFn: () => api.post('/api/PersonalInfo/TwoFactor/Begin') });
  const state = status.data;

  return (
    // Scrolled to below the fixed header when the back office sends an administrator here.
    <div ref={card} id="two-factor" style={{ scrollMarginTop: 88 }}>
      <Card
        data-testid="two-factor-card"
        title={
          <span>
            <SafetyCertificateOutlined style={{ marginInlineEnd: 8 }} />
            {t('security.twoFactor.title')}
          </span>
        }
        extra={
          state ? (
            <Tag color={state.enabled ? 'green' : 'default'} data-testid="two-factor-state">
              {state.enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}
            </Tag>
          ) : null
        }
        loading={status.isPending}
      >
        {status.isError ? (
          <QueryError onRetry={() => void status.refetch()} />
        ) : state ? (
          <Flex vertical gap={12}>
            {state.required && !state.enabled ? (
              <Alert
                type="warning"
                showIcon
                title={t('security.twoFactor.requiredAlert')}
                data-testid="two-factor-required"
              />
            ) : null}
            <Paragraph type="secondary" style={{ margin: 0 }}>
              {t('security.twoFactor.note')}
            </Paragraph>
            {state.enabled ? (
              <>
                <Space wrap>
                  {state.enabledAt ? (
                    <Text>
                      {t('security.twoFactor.since', { date: dayjs(state.enabledAt).format('LL') })}
                    </Text>
                  ) : null}
                  {state.required ? <Tag>{t('security.twoFactor.required')}</Tag> : null}
                  <Text
                    type={state.recoveryCodesLeft <= LOW_RECOVERY_CODES ? 'warning' : 'secondary'}
                    data-testid="recovery-left"
                  >
                    {t('security.twoFactor.recoveryLeft', { count: state.recoveryCodesLeft })}
                  </Text>
                </Space>
                {state.recoveryCodesLeft <= LOW_RECOVERY_CODES ? (
                  <Alert type="warning" showIcon title={t('security.twoFactor.lowCodes')} />
                ) : null}
                <Space wrap>
                  <Button onClick={() => setAction('newCodes')} data-testid="two-factor-new-codes">
                    {t('security.twoFactor.newCodes')}
                  </Button>
                  {state.required ? null : (
                    <Button danger onClick={() => setAction('turnOff')} data-testid="two-factor-turn-off">
                      {t('security.twoFactor.turnOff')}
                    </Button>
                  )}
                </Space>
              </>
            ) : (
              <div>
                <Button
                  type="primary"
                  loading={begin.isPending}
                  onClick={() => void begin.mutateAsync().then(setSetup, () => undefined)}
                  data-testid="two-factor-set-up"
                >
                  {t('security.twoFactor.setUp')}
                </Button>
              </div>
            )}
          </Flex>
        ) : null}
      </Card>
      <SetUpDialog
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          void refresh();
        }}
      />
      <CodeDialog
        action={action}
        onClose={() => setAction(null)}
        onDone={(recoveryCodes) => {
          setAction(null);
          if (recoveryCodes) setCodes(recoveryCodes);
          void refresh();
        }}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </div>
  );
}

/** The set-up: the QR code and the key, then the first code. */
function SetUpDialog({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup | null;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const { t } = useTranslation('personal');
  const api = useApiClient();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ code: string }>();
  const enable = useMutation({
    mutationFn: (code: string) =>
      api.post('/api/PersonalInfo/TwoFactor/Enable', { code }, { formFields: ['code'] }),
  });
  const submit = async ({ code }: { code: string }) => {
    try {
      const { recoveryCodes } = await enable.mutateAsync(code);
      void message.success(t('security.twoFactor.enabled'));
      form.resetFields();
      onEnabled(recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ['code']);
    }
  };
  return (
    <Modal
      open={setup !== null}
      title={t('security.twoFactor.title')}
      onCancel={onCancel}
      okText={t('security.twoFactor.confirm')}
      cancelText={t('security.twoFactor.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: enable.isPending, 'data-testid': 'two-factor-enable' } as ButtonProps}
      destroyOnHidden
      data-testid="two-factor-setup"
    >
      {setup ? (
        <Flex vertical gap={12}>
          <Paragraph style={{ margin: 0 }}>{t('security.twoFactor.step1')}</Paragraph>
          <Flex justify="center">
            <QRCode
              value={setup.otpauthUri}
              type="svg"
              size={176}
              bordered={false}
              aria-label={t('security.twoFactor.qrLabel')}
              data-testid="two-factor-qr"
            />
          </Flex>
          <Text>
            {t('security.twoFactor.secretLabel')}:{' '}
            <Text code copyable={{ text: setup.secret }} data-testid="two-factor-secret">
              {grouped(setup.secret)}
            </Text>
          </Text>
          <Paragraph style={{ margin: 0 }}>{t('security.twoFactor.step2')}</Paragraph>
          <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
            <Form.Item
              name="code"
              label={t('security.twoFactor.code')}
              rules={[zodRule(twoFactorCodeRequest, 'code')]}
            >
              <Input
                autoFocus
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
                data-testid="two-factor-setup-code"
              />
            </Form.Item>
          </Form>
        </Flex>
      ) : null}
    </Modal>
  );
}

/** New recovery codes, or turning it off: both take a code (turning off also a recovery code). */
function CodeDialog({
  action,
  onClose,
  onDone,
}: {
  action: 'newCodes' | 'turnOff' | null;
  onClose: () => void;
  onDone: (recoveryCodes?: string[]) => void;
}) {
  const { t } = useTranslation('personal');
  const api = useApiClient();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ code?: string; recoveryCode?: string }>();
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const field = recovery ? 'recoveryCode' : 'code';
  const submit = async (values: { code?: string; recoveryCode?: string }) => {
    setBusy(true);
    try {
      if (action === 'newCodes') {
        const { recoveryCodes } = await api.post(
          '/api/PersonalInfo/TwoFactor/RecoveryCodes',
          { code: values.code ?? '' },
          { formFields: ['code'] },
        );
        onDone(recoveryCodes);
      } else {
        await api.post(
          '/api/PersonalInfo/TwoFactor/Disable',
          recovery ? { recoveryCode: values.recoveryCode ?? '' } : { code: values.code ?? '' },
          { formFields: [field] },
        );
        void message.success(t('security.twoFactor.turnedOff'));
        onDone();
      }
      form.resetFields();
      setRecovery(false);
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, [field]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={action !== null}
      title={action === 'newCodes' ? t('security.twoFactor.newCodes') : t('security.twoFactor.turnOff')}
      onCancel={() => {
        form.resetFields();
        setRecovery(false);
        onClose();
      }}
      okText={action === 'newCodes' ? t('security.twoFactor.newCodesOk') : t('security.twoFactor.turnOff')}
      cancelText={t('security.twoFactor.cancel')}
      okButtonProps={
        { danger: action === 'turnOff', loading: busy, 'data-testid': 'two-factor-code-ok' } as ButtonProps
      }
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="two-factor-code-dialog"
    >
      <Paragraph>
        {action === 'newCodes' ? t('security.twoFactor.newCodesNote') : t('security.twoFactor.turnOffNote')}
      </Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          key={field}
          name={field}
          label={recovery ? t('security.twoFactor.recoveryCode') : t('security.twoFactor.code')}
          rules={[zodRule(recovery ? twoFactorRecoveryRequest : twoFactorCodeRequest, field)]}
        >
          <Input
            autoFocus
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            maxLength={recovery ? 20 : 8}
            data-testid="two-factor-code-input"
          />
        </Form.Item>
      </Form>
      {action === 'turnOff' ? (
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => {
            form.resetFields();
            setRecovery((value) => !value);
          }}
        >
          {recovery ? t('security.twoFactor.useCode') : t('security.twoFactor.useRecovery')}
        </Button>
      ) : null}
    </Modal>
  );
}

/** The ten recovery codes, shown once: copy, download, and a confirmation that they were kept. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('personal');
  const { message } = useFeedback();
  const text = (codes ?? []).join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Modal
      open={codes !== null}
      title={t('security.twoFactor.codesTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button
          key="copy"
          icon={<CopyOutlined />}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => message.success(t('security.twoFactor.copy')))
          }
        >
          {t('security.twoFactor.copy')}
        </Button>,
        <Button key="download" icon={<DownloadOutlined />} onClick={download}>
          {t('security.twoFactor.download')}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose} data-testid="recovery-codes-saved">
          {t('security.twoFactor.saved')}
        </Button>,
      ]}
      data-testid="recovery-codes"
    >
      <Paragraph>{t('security.twoFactor.codesNote')}</Paragraph>
      <ol
        data-testid="recovery-code-list"
        style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, paddingInlineStart: 28, margin: 0 }}
      >
        {(codes ?? []).map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </Modal>
  );
}
