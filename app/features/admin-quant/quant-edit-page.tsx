import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Form, type FormInstance, Input, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  QUANT_LIMITS,
  QUANT_RISK_LEVELS,
  QUANT_STATUSES,
  QUANT_TYPES,
  type QuantStrategy,
} from '#shared/schemas/quant.ts';
import { AdminEditPage } from '../../components/admin-edit-page.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { LazyRichTextEditor } from '../../components/rich-text/lazy-rich-text-editor.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { roleName } from '../../lib/role-labels.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  QUANT_FIELDS,
  useAddQuant,
  useQuantRoles,
  useQuantStrategy,
  useQuantTraders,
  useUpdateQuant,
} from './quant-admin-api.ts';
import { formValuesOf, namePathOf, type QuantFormValues, quantForm } from './quant-form.ts';
import { ParametersField } from './quant-parameters-field.tsx';
import { QUANT_LIST_PATH, quantIdParam } from './quant-paths.ts';
import { ResultsFields } from './quant-results-fields.tsx';

const rule = (field: string) => zodRule(quantForm, field);

function QuantForm({ strategy }: { strategy: QuantStrategy | null }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('quantAdmin');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<QuantFormValues>();
  useRevalidateOnLanguageChange(form);
  const roles = useQuantRoles();
  const traders = useQuantTraders();
  const add = useAddQuant();
  const update = useUpdateQuant();
  const saving = add.isPending || update.isPending;
  const initialValues = useMemo(() => formValuesOf(strategy), [strategy]);

  // Inactive keys can still be linked (members see their history); they are marked.
  const traderOptions = useMemo(
    () =>
      (traders.data ?? []).map((trader) => ({
        value: trader.id,
        label: trader.isActive ? trader.keyName : t('form.inactiveTrader', { name: trader.keyName }),
      })),
    [traders.data, t],
  );

  const submit = async () => {
    const body = quantForm.parse(form.getFieldsValue(true));
    try {
      if (strategy) {
        await update.mutateAsync({ id: strategy.id, ...body });
        void message.success(t('saved', { name: body.name }));
      } else {
        await add.mutateAsync(body);
        void message.success(t('published', { name: body.name }));
      }
      navigate(QUANT_LIST_PATH);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = QUANT_FIELDS as readonly string[];
      (form as FormInstance).setFields(
        Object.entries(error.fieldErrors)
          .filter(([field]) => fields.includes(field))
          .map(([field, errors]) => ({ name: namePathOf(field), errors })),
      );
    }
  };

  return (
    <Form<QuantFormValues>
      form={form}
      {...formLayout}
      initialValues={initialValues}
      scrollToFirstError
      onFinish={() => void submit()}
      style={{ maxWidth: 1080 }}
      data-testid="quant-form"
    >
      <Form.Item name="name" label={t('fields.name')} rules={[rule('name')]} required>
        <Input
          maxLength={QUANT_LIMITS.name}
          showCount
          placeholder={t('form.namePlaceholder')}
          data-testid="quant-name"
        />
      </Form.Item>
      <Form.Item name="type" label={t('fields.type')} rules={[rule('type')]} required>
        <Select
          options={QUANT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          placeholder={t('form.typePlaceholder')}
          style={{ maxWidth: 240 }}
          data-testid="quant-type"
        />
      </Form.Item>
      <Form.Item name="market" label={t('fields.market')} rules={[rule('market')]}>
        <Input
          maxLength={QUANT_LIMITS.market}
          placeholder={t('form.marketPlaceholder')}
          style={{ maxWidth: 360 }}
          data-testid="quant-market"
        />
      </Form.Item>
      <Form.Item
        name="symbols"
        label={t('fields.symbols')}
        rules={[rule('symbols')]}
        extra={t('form.symbolsHint')}
        normalize={(value: string[]) => value.map((symbol) => symbol.trim().toUpperCase()).filter(Boolean)}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', ' ', '，']}
          placeholder={t('form.symbolsPlaceholder')}
          style={{ maxWidth: 480 }}
          data-testid="quant-symbols"
        />
      </Form.Item>
      <Form.Item name="timeframe" label={t('fields.timeframe')} rules={[rule('timeframe')]}>
        <Input
          maxLength={QUANT_LIMITS.timeframe}
          placeholder={t('form.timeframePlaceholder')}
          style={{ maxWidth: 200 }}
          data-testid="quant-timeframe"
        />
      </Form.Item>
      <Form.Item name="riskLevel" label={t('fields.riskLevel')} rules={[rule('riskLevel')]} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={QUANT_RISK_LEVELS.map((level) => ({ value: level, label: t(`riskLevel.${level}`) }))}
          data-testid="quant-risk"
        />
      </Form.Item>
      <Form.Item name="status" label={t('fields.status')} rules={[rule('status')]} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={QUANT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          data-testid="quant-status"
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[rule('description')]}>
        <LazyRichTextEditor />
      </Form.Item>
      <ParametersField />
      <ResultsFields form={form} />
      <Form.Item
        name="roleIds"
        label={t('fields.roles')}
        rules={[rule('roleIds')]}
        extra={t('form.rolesHint')}
      >
        <Select
          mode="multiple"
          allowClear
          loading={roles.isPending}
          options={(roles.data ?? []).map((role) => ({
            value: role.roleId,
            label: roleName(t, role.roleName),
          }))}
          labelRender={({ label }) => label ?? t('roles.unknown')}
          optionFilterProp="label"
          placeholder={t('form.rolesPlaceholder')}
          style={{ maxWidth: 480 }}
          data-testid="quant-roles"
        />
      </Form.Item>
      <Form.Item
        name="traderKeyId"
        label={t('fields.trader')}
        rules={[rule('traderKeyId')]}
        extra={t('form.traderHint')}
        normalize={(value: number | undefined) => value ?? null}
      >
        <Select
          allowClear
          showSearch
          loading={traders.isPending}
          options={traderOptions}
          optionFilterProp="label"
          placeholder={t('form.traderPlaceholder')}
          style={{ maxWidth: 360 }}
          data-testid="quant-trader"
        />
      </Form.Item>
      <Flex gap={8} justify="flex-end" wrap>
        <LinkButton to={QUANT_LIST_PATH}>{t('cancel')}</LinkButton>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={saving}
          data-testid="quant-submit"
        >
          {strategy ? t('form.save') : t('form.publish')}
        </Button>
      </Flex>
    </Form>
  );
}

/** /admin/content/quant/add and /admin/content/quant/edit/:id: publish or edit a quant strategy. */
export function QuantAdminEditPage() {
  const { t } = useTranslation('quantAdmin');
  const params = useParams();
  const editing = params.id !== undefined;
  const id = quantIdParam(params.id);
  const strategy = useQuantStrategy(id);
  return (
    <AdminEditPage
      testId="quant-edit"
      listPath={QUANT_LIST_PATH}
      texts={{
        heading: editing ? t('editTitle') : t('addTitle'),
        intro: t('formIntro'),
        back: t('back'),
        notFound: t('notFound'),
      }}
      editing={editing}
      id={id}
      query={strategy}
      form={(record) => <QuantForm key={record?.id ?? 'new'} strategy={record} />}
    />
  );
}
