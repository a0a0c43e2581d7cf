import {
  Button,
  Col,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Segmented,
  Select,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { ONCHAIN_CHAIN_IDS, ONCHAIN_DIRECTIONS, ONCHAIN_IMPORTANCE } from '#shared/onchain.ts';
import { ONCHAIN_LIMITS, type OnchainAdminAlert, type OnchainLabel } from '#shared/schemas/onchain.ts';
import { chainName, formatAmount } from '../../domains/onchain/onchain-format.ts';
import { ApiError } from '../../lib/api-client.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type AlertFormValues, alertFormSchema, alertRequestOf, alertValuesOf } from './alert-form.ts';
import { ALERT_FIELDS, useAddAlert, useLabels, useUpdateAlert } from './onchain-admin-api.ts';
import { useDrawerSize } from './use-drawer-size.ts';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;
const rule = (field: string) => zodRule(alertFormSchema, field);

/** The label of the address being typed, under its field: a check that it is the one meant. */
function useLabelHint() {
  const { t } = useTranslation('onchainAdmin');
  const { t: tOnchain } = useTranslation('onchain');
  const labels = useLabels();
  const byAddress = useMemo(
    () => new Map((labels.data ?? []).map((label: OnchainLabel) => [label.address, label])),
    [labels.data],
  );
  return (address: string | undefined) => {
    const label = byAddress.get((address ?? '').trim().toLowerCase());
    return label
      ? t('form.labelled', { name: label.name, kind: tOnchain(`kinds.${label.kind}`) })
      : undefined;
  };
}

function AlertForm({ alert, onClose }: { alert: OnchainAdminAlert | null; onClose: () => void }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('onchainAdmin');
  const { t: tOnchain } = useTranslation('onchain');
  const { message } = useFeedback();
  const [form] = Form.useForm<AlertFormValues>();
  useRevalidateOnLanguageChange(form);
  const add = useAddAlert();
  const update = useUpdateAlert();
  const labelHint = useLabelHint();
  const fromAddress = Form.useWatch('fromAddress', form);
  const toAddress = Form.useWatch('toAddress', form);

  const submit = async () => {
    const body = alertRequestOf(form.getFieldsValue(true));
    try {
      if (alert) {
        await update.mutateAsync({ id: alert.id, ...body });
        void message.success(t('alerts.saved'));
      } else {
        await add.mutateAsync(body);
        void message.success(t('alerts.added'));
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ALERT_FIELDS);
    }
  };

  const half = { xs: 24, lg: 12 } as const;
  return (
    <Form<AlertFormValues>
      form={form}
      {...formLayout}
      initialValues={alertValuesOf(alert)}
      onFinish={() => void submit()}
      data-testid="alert-form"
    >
      {!alert && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('form.addHint')}
        </Typography.Paragraph>
      )}
      <Row gutter={24}>
        <Col {...half}>
          <Form.Item name="chain" label={t('form.chain')} rules={[rule('chain')]} required>
            <Select
              options={ONCHAIN_CHAIN_IDS.map((chain) => ({ value: chain, label: chainName(chain) }))}
              placeholder={t('form.chainPlaceholder')}
              data-testid="alert-form-chain"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="direction" label={t('form.direction')} rules={[rule('direction')]} required>
            <Select
              options={ONCHAIN_DIRECTIONS.map((direction) => ({
                value: direction,
                label: tOnchain(`directions.${direction}`),
              }))}
              placeholder={t('form.directionPlaceholder')}
              data-testid="alert-form-direction"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="asset" label={t('form.asset')} rules={[rule('asset')]} required>
            <Input
              maxLength={ONCHAIN_LIMITS.asset}
              placeholder={t('form.assetPlaceholder')}
              autoComplete="off"
              data-testid="alert-form-asset"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="tokenAddress"
            label={t('form.tokenAddress')}
            rules={[rule('tokenAddress')]}
            extra={t('form.tokenAddressHint')}
          >
            <Input
              placeholder={t('form.addressPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              style={MONO}
              data-testid="alert-form-token"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="amount"
            label={t('form.amount')}
            rules={[rule('amount')]}
            required
            extra={t('form.amountHint')}
          >
            <Input inputMode="decimal" autoComplete="off" data-testid="alert-form-amount" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="usdValue" label={t('form.usdValue')} rules={[rule('usdValue')]}>
            <InputNumber<number>
              min={0}
              max={1e15}
              prefix="$"
              formatter={(value) => (value === undefined ? '' : formatAmount(`${value}`))}
              parser={(shown) => Number((shown ?? '').replace(/,/g, ''))}
              placeholder={t('form.usdValuePlaceholder')}
              style={{ width: '100%' }}
              data-testid="alert-form-usd"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="fromAddress"
            label={t('form.fromAddress')}
            rules={[rule('fromAddress')]}
            required
            extra={labelHint(fromAddress)}
          >
            <Input
              placeholder={t('form.addressPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              style={MONO}
              data-testid="alert-form-from"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="toAddress"
            label={t('form.toAddress')}
            rules={[rule('toAddress')]}
            required
            extra={labelHint(toAddress)}
          >
            <Input
              placeholder={t('form.addressPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              style={MONO}
              data-testid="alert-form-to"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="txHash" label={t('form.txHash')} rules={[rule('txHash')]} required>
            <Input
              placeholder={t('form.txHashPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              style={MONO}
              data-testid="alert-form-tx"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="logIndex"
            label={t('form.logIndex')}
            rules={[rule('logIndex')]}
            extra={t('form.logIndexHint')}
          >
            <InputNumber<number>
              min={0}
              precision={0}
              style={{ width: '100%' }}
              data-testid="alert-form-log-index"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="blockNumber" label={t('form.blockNumber')} rules={[rule('blockNumber')]}>
            <InputNumber<number>
              min={0}
              precision={0}
              style={{ width: '100%' }}
              data-testid="alert-form-block"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="occurredAt"
            label={t('form.occurredAt')}
            rules={[rule('occurredAt')]}
            extra={t('form.occurredAtHint')}
          >
            <DatePicker
              showTime
              format="YYYY-MM-DD HH:mm:ss"
              placeholder={t('form.occurredAtPlaceholder')}
              disabledDate={(date) => date.isAfter(dayjs(), 'day')}
              style={{ width: '100%' }}
              data-testid="alert-form-time"
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="importance" label={t('form.importance')} rules={[rule('importance')]}>
            <Segmented
              options={ONCHAIN_IMPORTANCE.map((importance) => ({
                value: importance,
                label: tOnchain(`importance.${importance}`),
              }))}
              data-testid="alert-form-importance"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="comment" label={t('form.comment')} rules={[rule('comment')]}>
            <Input.TextArea
              rows={3}
              maxLength={ONCHAIN_LIMITS.comment}
              showCount
              placeholder={t('form.commentPlaceholder')}
              data-testid="alert-form-comment"
            />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={add.isPending || update.isPending}
          data-testid="alert-form-submit"
        >
          {alert ? t('common.save') : t('form.submitAdd')}
        </Button>
      </Flex>
    </Form>
  );
}

/** The dialog's state: adding an alert, or editing one. */
export type AlertDialog = { mode: 'add' } | { mode: 'edit'; alert: OnchainAdminAlert };

/** Adds (published at once) or edits an alert in a drawer; each opening gets a fresh form. */
export function AlertFormDrawer({ dialog, onClose }: { dialog: AlertDialog | null; onClose: () => void }) {
  const { t } = useTranslation('onchainAdmin');
  const size = useDrawerSize();
  // Keep the last dialog while the drawer closes; each opening gets a fresh form (its own key).
  const [shown, setShown] = useState<{ dialog: AlertDialog; key: number } | null>(null);
  if (dialog && dialog !== shown?.dialog) setShown({ dialog, key: (shown?.key ?? 0) + 1 });
  const current = dialog ?? shown?.dialog ?? null;
  const editing = current?.mode === 'edit' ? current.alert : null;
  return (
    <Drawer
      open={dialog !== null}
      onClose={onClose}
      size={size}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      destroyOnHidden
    >
      {current && shown ? <AlertForm key={shown.key} alert={editing} onClose={onClose} /> : null}
    </Drawer>
  );
}
