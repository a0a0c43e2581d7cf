import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Modal, Statistic } from 'antd';
import { useState } from 'react';
import { INVITATION_LIMITS } from '#shared/invitations.ts';
import { adjustCreditRequest } from '#shared/schemas/credit.ts';
import type { UserDetail } from '#shared/schemas/management.ts';
import { QueryError } from '../../components/query-error.tsx';
import { useBelowZeroConfirmation } from '../../domains/credit/below-zero-confirmation.ts';
import { CreditLedgerTable } from '../../domains/credit/credit-ledger-table.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ADJUST_FIELDS, USER_LEDGER_PAGE_SIZE, useAdjustCredit, useUserLedger } from './credit-api.ts';

interface AdjustValues {
  amount: number | null;
  reason: string;
}

function AdjustCreditModal({
  user,
  open,
  onClose,
}: {
  user: UserDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invitationAdmin');
  const { message } = useFeedback();
  const [form] = Form.useForm<AdjustValues>();
  useRevalidateOnLanguageChange(form);
  const adjust = useAdjustCredit();
  const confirmBelowZero = useBelowZeroConfirmation();
  const rule = (field: string) => zodRule(adjustCreditRequest, field);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields();
    try {
      const done = await confirmBelowZero((allowNegative) =>
        adjust.mutateAsync({
          userId: user.userId,
          amount: values.amount ?? 0,
          reason: values.reason,
          ...(allowNegative ? { allowNegative } : {}),
        }),
      );
      if (!done) return;
      void message.success(t('credit.done', { balance: done.balance.toLocaleString() }));
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      applyFieldErrors(form, error.fieldErrors, ADJUST_FIELDS);
      for (const text of error.messages) void message.error(text);
    }
  };

  return (
    <Modal
      open={open}
      title={t('credit.adjustTitle')}
      okText={t('credit.submit')}
      cancelText={t('credit.cancel')}
      okButtonProps={{ loading: adjust.isPending, 'data-testid': 'credit-adjust-submit' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Form<AdjustValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ amount: null, reason: '' }}
        data-testid="credit-adjust-form"
      >
        {/* The schema checks the whole request: the user id comes from the page. */}
        <Form.Item
          name="amount"
          label={t('credit.amount')}
          extra={t('credit.amountHint', { max: INVITATION_LIMITS.adjustMax.toLocaleString() })}
          rules={[rule('amount')]}
        >
          {/* No min/max: a value out of range gets the rule's message instead of being changed silently. */}
          <InputNumber<number> precision={0} style={{ width: 200 }} data-testid="credit-amount-input" />
        </Form.Item>
        <Form.Item name="reason" label={t('credit.reason')} rules={[rule('reason')]}>
          <Input.TextArea
            rows={3}
            maxLength={INVITATION_LIMITS.reasonMax}
            showCount
            placeholder={t('credit.reasonPlaceholder')}
            data-testid="credit-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The user detail page's points tab: the balance, an adjustment with a reason, and the ledger. */
export function CreditTab({ user }: { user: UserDetail }) {
  const { t } = useTranslation('invitationAdmin');
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const ledger = useUserLedger(user.userId, page);

  return (
    <div data-testid="credit-tab">
      <Flex gap={24} align="end" wrap style={{ marginBottom: 16 }}>
        <Statistic
          title={t('credit.balance')}
          value={ledger.data?.balance ?? user.memberCredit}
          data-testid="credit-balance"
        />
        <Button icon={<EditOutlined />} onClick={() => setAdjusting(true)} data-testid="credit-adjust-open">
          {t('credit.adjust')}
        </Button>
      </Flex>
      {ledger.isError ? (
        <QueryError onRetry={() => void ledger.refetch()} />
      ) : (
        <CreditLedgerTable
          ledger={ledger.data}
          loading={ledger.isFetching}
          page={page}
          pageSize={USER_LEDGER_PAGE_SIZE}
          onPage={setPage}
          showActor
        />
      )}
      <AdjustCreditModal user={user} open={adjusting} onClose={() => setAdjusting(false)} />
    </div>
  );
}
