import { GiftOutlined } from '@ant-design/icons';
import { Alert, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { InvitationSummary } from '#shared/schemas/invitations.ts';
import { QueryError } from '../../components/query-error.tsx';
import { CreditLedgerTable } from '../../domains/credit/credit-ledger-table.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { LEDGER_PAGE_SIZE, useInvitationSummary, useInvitees, useMyCredit } from './invitations-api.ts';
import { InviteLinkCard } from './invite-link-card.tsx';
import { InviteeTable } from './invitee-table.tsx';

const { Title, Paragraph } = Typography;

function OfferNotice({ offer }: { offer: InvitationSummary['offer'] }) {
  const { t } = useTranslation('invitation');
  const parts = [
    ...(offer.credit !== null ? [t('offer.credit', { count: offer.credit })] : []),
    ...(offer.days !== null ? [t('offer.days', { count: offer.days })] : []),
  ];
  return (
    <Alert
      data-testid="invitation-offer"
      type={parts.length ? 'success' : 'info'}
      showIcon
      icon={<GiftOutlined />}
      style={{ marginBottom: 20 }}
      title={parts.length ? t('offer.title', { reward: parts.join(t('offer.separator')) }) : t('offer.none')}
      description={parts.length ? t('offer.rule') : undefined}
    />
  );
}

/** /personal/invitation (spec §2 "invitation rebate"): my link, the people I invited, my points. */
export function InvitationPage() {
  const { t } = useTranslation('invitation');
  const { t: tCommon } = useTranslation();
  const [inviteePage, setInviteePage] = useState(1);
  const [ledgerPage, setLedgerPage] = useState(1);
  const summary = useInvitationSummary();
  const invitees = useInvitees(inviteePage);
  const credit = useMyCredit(ledgerPage);
  const { hash } = useLocation();
  const ledgerShown = credit.data !== undefined;

  // The profile's "points history" link lands on the ledger once it is there.
  useEffect(() => {
    if (hash === '#credit' && ledgerShown) document.getElementById('credit')?.scrollIntoView?.();
  }, [hash, ledgerShown]);

  const title = <title>{`${t('title')} · ${tCommon('product.name')}`}</title>;
  if (summary.isError) return <QueryError onRetry={() => void summary.refetch()} />;

  return (
    <div data-testid="invitation-page">
      {title}
      <Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Title>
      <Paragraph type="secondary">{t('intro')}</Paragraph>
      {summary.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} data-testid="invitation-loading" />
      ) : (
        <>
          <InviteLinkCard code={summary.data.code} />
          <OfferNotice offer={summary.data.offer} />
          <Row gutter={[16, 16]} style={{ marginBottom: 24 }} data-testid="invitation-stats">
            <Col xs={12} md={6}>
              <Statistic title={t('stats.invited')} value={summary.data.invitedCount} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('stats.members')} value={summary.data.memberCount} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('stats.credit')} value={summary.data.creditEarned} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('stats.days')} value={summary.data.daysEarned} />
            </Col>
          </Row>
        </>
      )}
      <Title level={4}>{t('invitees.title')}</Title>
      {invitees.isError ? (
        <QueryError onRetry={() => void invitees.refetch()} />
      ) : (
        <InviteeTable
          page={inviteePage}
          data={invitees.data}
          loading={invitees.isFetching}
          onPage={setInviteePage}
        />
      )}
      <Title level={4} id="credit" style={{ marginTop: 24 }}>
        {t('credit.title')}
      </Title>
      {credit.isError ? (
        <QueryError onRetry={() => void credit.refetch()} />
      ) : (
        <>
          <Statistic
            title={t('credit.balance')}
            value={credit.data?.balance ?? '—'}
            style={{ marginBottom: 12 }}
            data-testid="credit-balance"
          />
          <CreditLedgerTable
            ledger={credit.data}
            loading={credit.isFetching}
            page={ledgerPage}
            pageSize={LEDGER_PAGE_SIZE}
            onPage={setLedgerPage}
          />
        </>
      )}
    </div>
  );
}
