import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Form, type FormInstance, InputNumber, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { message as messageOf } from '#shared/messages.ts';
import { LEVEL_BIASES, type LevelSetView } from '#shared/schemas/levels.ts';
import { MARKET_INTERVALS } from '#shared/schemas/market.ts';
import { AdminEditPage } from '../../components/admin-edit-page.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { LazyRichTextEditor } from '../../components/rich-text/lazy-rich-text-editor.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { roleName } from '../../lib/role-labels.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  expiryIssue,
  formValuesOf,
  type LevelSetFormValues,
  levelSetForm,
  namePathOf,
} from './level-form.ts';
import { LevelListField, TargetsField } from './level-list-fields.tsx';
import { LEVEL_LIST_PATH, levelIdParam } from './level-paths.ts';
import {
  LEVEL_SET_FIELDS,
  useAddLevelSet,
  useLevelRoles,
  useLevelSet,
  useMarketSymbols,
  useUpdateLevelSet,
} from './levels-api.ts';

const MARKET_ADMIN_PATH = '/admin/content/market';
const rule = (field: string) => zodRule(levelSetForm, field);

const expiryRule = {
  validator: async (_: unknown, value: unknown) => {
    const issue = expiryIssue(dayjs.isDayjs(value) ? value : null);
    if (issue) throw new Error(messageOf(issue, currentLocale()));
  },
};

function LevelSetForm({ set }: { set: LevelSetView | null }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('levelsAdmin');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<LevelSetFormValues>();
  useRevalidateOnLanguageChange(form);
  const symbols = useMarketSymbols();
  const roles = useLevelRoles();
  const add = useAddLevelSet();
  const update = useUpdateLevelSet();
  const saving = add.isPending || update.isPending;
  const initialValues = useMemo(() => formValuesOf(set), [set]);

  // Said only once the list is current (a cached empty list may be being read again).
  const noSymbols = symbols.data !== undefined && symbols.data.length === 0 && !symbols.isFetching;
  const symbolOptions = useMemo(() => {
    const listed = (symbols.data ?? []).map((s) => ({
      value: s.symbol,
      label: `${s.symbol} · ${s.baseAsset}/${s.quoteAsset}`,
    }));
    // A set whose symbol has left the market list shows it, marked, so the admin sees why it cannot be saved.
    if (set && symbols.data && !symbols.data.some((s) => s.symbol === set.symbol))
      listed.unshift({ value: set.symbol, label: t('form.symbolUnlisted', { symbol: set.symbol }) });
    return listed;
  }, [symbols.data, set, t]);

  const submit = async () => {
    const body = levelSetForm.parse(form.getFieldsValue(true));
    try {
      if (set) {
        await update.mutateAsync({ id: set.id, ...body });
        void message.success(t('saved', { symbol: body.symbol }));
      } else {
        await add.mutateAsync(body);
        void message.success(t('published', { symbol: body.symbol }));
      }
      navigate(LEVEL_LIST_PATH);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = LEVEL_SET_FIELDS as readonly string[];
      // Server names are paths into the lists (`supports.0.price`), which the form's typed names do not cover.
      (form as FormInstance).setFields(
        Object.entries(error.fieldErrors)
          .filter(([field]) => fields.includes(field))
          .map(([field, errors]) => ({ name: namePathOf(field), errors })),
      );
    }
  };

  return (
    <Form<LevelSetFormValues>
      form={form}
      {...formLayout}
      initialValues={initialValues}
      scrollToFirstError
      onFinish={() => void submit()}
      onValuesChange={(changed: Partial<LevelSetFormValues>) => {
        // "At least one level" shows on the supports; adding a resistance answers it too.
        if ('resistances' in changed && form.getFieldError(['supports']).length > 0)
          void form.validateFields([['supports']]).catch(() => undefined);
      }}
      style={{ maxWidth: 1080 }}
      data-testid="level-form"
    >
      {noSymbols && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('form.noSymbols')}
          description={<Link to={MARKET_ADMIN_PATH}>{t('form.noSymbolsLink')}</Link>}
          data-testid="level-no-symbols"
        />
      )}
      <Form.Item name="symbol" label={t('fields.symbol')} rules={[rule('symbol')]} required>
        <Select
          showSearch
          options={symbolOptions}
          optionFilterProp="label"
          loading={symbols.isPending}
          disabled={noSymbols}
          placeholder={t('form.symbolPlaceholder')}
          style={{ maxWidth: 360 }}
          data-testid="level-symbol"
        />
      </Form.Item>
      <Form.Item name="timeframe" label={t('fields.timeframe')} rules={[rule('timeframe')]} required>
        <Select
          options={MARKET_INTERVALS.map((interval) => ({
            value: interval,
            label: `${interval} · ${t(`timeframes.${interval}`)}`,
          }))}
          style={{ maxWidth: 200 }}
          data-testid="level-timeframe"
        />
      </Form.Item>
      <Form.Item name="bias" label={t('fields.bias')} rules={[rule('bias')]} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={LEVEL_BIASES.map((bias) => ({ value: bias, label: t(`bias.${bias}`) }))}
          data-testid="level-bias"
        />
      </Form.Item>
      <LevelListField form={form} list="supports" extra={t('form.levelsHint')} />
      <LevelListField form={form} list="resistances" />
      <Form.Item
        name="invalidationPrice"
        label={t('fields.invalidationPrice')}
        rules={[rule('invalidationPrice')]}
        extra={t('form.invalidationHint')}
      >
        <InputNumber<number>
          controls={false}
          inputMode="decimal"
          placeholder={t('form.price')}
          style={{ width: 170 }}
          data-testid="level-invalidation"
        />
      </Form.Item>
      <TargetsField />
      <Form.Item name="notes" label={t('fields.notes')} rules={[rule('notes')]}>
        <LazyRichTextEditor />
      </Form.Item>
      <Form.Item
        name="expiresAt"
        label={t('fields.expiresAt')}
        rules={[expiryRule]}
        extra={t('form.expiryHint')}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear
          placeholder={t('form.expiryPlaceholder')}
          disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
          presets={[
            { label: t('form.presets.day'), value: () => dayjs().add(1, 'day') },
            { label: t('form.presets.week'), value: () => dayjs().add(1, 'week') },
            { label: t('form.presets.month'), value: () => dayjs().add(1, 'month') },
          ]}
          style={{ width: 220 }}
          data-testid="level-expiry"
        />
      </Form.Item>
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
          // Spec §8: a role id that no role has any more shows as 'Unknown', not as its number.
          labelRender={({ label }) => label ?? t('roles.unknown')}
          optionFilterProp="label"
          placeholder={t('form.rolesPlaceholder')}
          style={{ maxWidth: 480 }}
          data-testid="level-roles"
        />
      </Form.Item>
      <Flex gap={8} justify="flex-end" wrap>
        <LinkButton to={LEVEL_LIST_PATH}>{t('cancel')}</LinkButton>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={saving}
          disabled={noSymbols}
          data-testid="level-submit"
        >
          {set ? t('form.save') : t('form.publish')}
        </Button>
      </Flex>
    </Form>
  );
}

/** /admin/content/pressure/add and /admin/content/pressure/edit/:id: publish or edit a level set. */
export function LevelEditPage() {
  const { t } = useTranslation('levelsAdmin');
  const params = useParams();
  const editing = params.id !== undefined;
  const id = levelIdParam(params.id);
  const set = useLevelSet(id);
  return (
    <AdminEditPage
      testId="level-edit"
      listPath={LEVEL_LIST_PATH}
      texts={{
        heading: editing ? t('editTitle') : t('addTitle'),
        intro: t('formIntro'),
        back: t('back'),
        notFound: t('notFound'),
      }}
      editing={editing}
      id={id}
      query={set}
      form={(record) => <LevelSetForm key={record?.id ?? 'new'} set={record} />}
    />
  );
}
