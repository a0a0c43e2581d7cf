import { ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { MembershipContact, MembershipNotice } from '#shared/schemas/membership.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { memberDaysRemaining } from '../../lib/membership-days.ts';
import { SECTIONS } from '../../lib/sections.ts';
import { BRAND_COLORS } from '../../lib/theme.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const { Paragraph, Text, Link } = Typography;

/** Whom to contact to renew: the configured contact (a link when it is one), else customer service. */
function RenewContact({ contact }: { contact: MembershipContact | null }) {
  const { t } = useTranslation();
  if (!contact)
    return (
      <Paragraph data-testid="membership-notice-contact">
        {t('membershipNotice.renewCustomerService')}
      </Paragraph>
    );
  return (
    <Paragraph data-testid="membership-notice-contact">
      {t('membershipNotice.renewContact')}{' '}
      {contact.href ? (
        <Link
          href={contact.href}
          target={contact.href.startsWith('http') ? '_blank' : undefined}
          rel="noopener noreferrer"
          strong
        >
          {contact.text}
        </Link>
      ) : (
        <Text strong copyable>
          {contact.text}
        </Text>
      )}
    </Paragraph>
  );
}

/** The member sections a membership opens (spec §6), by their menu names. */
function MemberSections() {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={6} style={{ marginBottom: 12 }} data-testid="membership-notice-sections">
      {SECTIONS.filter((section) => section.membersOnly).map((section) => (
        <Tag key={section.key} variant="outlined" style={{ marginInlineEnd: 0 }}>
          {t(`nav.${section.key}`)}
        </Tag>
      ))}
    </Flex>
  );
}

/** The membership notice itself; any way of closing it dismisses it. */
export function MembershipNoticeDialog({
  notice,
  contact,
  onDismiss,
}: {
  notice: MembershipNotice;
  contact: MembershipContact | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const date = dayjs(notice.expiryDate).format('LLL');
  const ended = notice.kind === 'ended';
  const days = memberDaysRemaining(notice.expiryDate) ?? 0;
  const go = (path: string) => {
    onDismiss();
    void navigate(path);
  };

  return (
    <Modal
      open
      centered
      width={520}
      title={
        <Flex align="center" gap={8} data-testid="membership-notice-title">
          {ended ? (
            <StopOutlined style={{ color: BRAND_COLORS.gold }} />
          ) : (
            <ClockCircleOutlined style={{ color: BRAND_COLORS.gold }} />
          )}
          {t(ended ? 'membershipNotice.endedTitle' : 'membershipNotice.reminderTitle')}
        </Flex>
      }
      onCancel={onDismiss}
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button
            onClick={() => go(ended ? '/teach' : '/personal/info')}
            data-testid="membership-notice-link"
          >
            {t(ended ? 'membershipNotice.tutorials' : 'membershipNotice.myMembership')}
          </Button>
          <Button type="primary" onClick={onDismiss} data-testid="membership-notice-dismiss">
            {t('membershipNotice.dismiss')}
          </Button>
        </Flex>
      }
      modalRender={(node) => (
        <div data-testid="membership-notice" data-kind={notice.kind}>
          {node}
        </div>
      )}
    >
      <Paragraph data-testid="membership-notice-text">
        {ended
          ? t('membershipNotice.endedText', { date })
          : days <= 0
            ? t('membershipNotice.reminderTextToday', { date })
            : t('membershipNotice.reminderText', { date, count: days })}
        {ended ? null : (
          <>
            <br />
            {t('membershipNotice.reminderLoses')}
          </>
        )}
      </Paragraph>
      <MemberSections />
      <Paragraph type="secondary">{t('membershipNotice.stillOpen')}</Paragraph>
      <RenewContact contact={contact} />
    </Modal>
  );
}
