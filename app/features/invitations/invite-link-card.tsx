import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Flex, QRCode, Typography } from 'antd';
import { INVITE_QUERY_PARAMETER } from '#shared/invitations.ts';
import { AUTH_PATHS } from '../../lib/auth/auth-paths.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

const { Text } = Typography;

/** The register page's address with the person's code: `/authentication/register?invite=CODE`. */
export function inviteLinkOf(code: string, origin = window.location.origin): string {
  const url = new URL(AUTH_PATHS.register, origin);
  url.searchParams.set(INVITE_QUERY_PARAMETER, code);
  return url.href;
}

/** The person's code and link, a button copying the link, and the link as a QR code (drawn in the page). */
export function InviteLinkCard({ code }: { code: string }) {
  const { t } = useTranslation('invitation');
  const { message } = useFeedback();
  const link = inviteLinkOf(code);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      void message.success(t('copied'));
    } catch {
      void message.warning(t('copyFailed'));
    }
  };

  return (
    <Card size="small" style={{ marginBottom: 20 }}>
      <Flex gap={24} wrap align="center" justify="space-between">
        <Flex vertical gap={12} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <div>
            <Text type="secondary">{t('code')}</Text>
            <div
              data-testid="invite-code"
              style={{ fontFamily: 'monospace', fontSize: 28, fontWeight: 600, letterSpacing: 4 }}
            >
              {code}
            </div>
          </div>
          <div>
            <Text type="secondary">{t('link')}</Text>
            <div
              data-testid="invite-link"
              style={{
                fontFamily: 'monospace',
                fontSize: 13,
                padding: '4px 8px',
                marginTop: 4,
                borderRadius: 6,
                border: '1px solid rgba(5, 5, 5, 0.06)',
                background: 'rgba(150, 150, 150, 0.08)',
                wordBreak: 'break-all',
                userSelect: 'all',
              }}
            >
              {link}
            </div>
          </div>
          <div>
            <Button
              type="primary"
              icon={<CopyOutlined />}
              onClick={() => void copy()}
              data-testid="invite-copy"
            >
              {t('copy')}
            </Button>
          </div>
        </Flex>
        <Flex vertical align="center" gap={4}>
          {/* SVG: crisp at any zoom, and drawn without a canvas. */}
          <QRCode
            value={link}
            type="svg"
            size={148}
            bordered={false}
            aria-label={t('qrLabel')}
            data-testid="invite-qr"
          />
          <Text type="secondary" style={{ fontSize: 12 }}>
            {t('qrHint')}
          </Text>
        </Flex>
      </Flex>
    </Card>
  );
}
