import { LockOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import { EXPIRY_DAYS_MAX, EXPIRY_DAYS_MIN, QUICK_EXPIRY_DAYS } from '#shared/constants.ts';
import { isAdminRole } from '#shared/roles.ts';
import { batchUserOperationRequest, MAX_BATCH_ROWS, type Role } from '#shared/schemas/management.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import type { TFunction } from '../../lib/translator.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useBatchUserOperation } from './admin-users-api.ts';
import {
  type BatchFormValues,
  type BatchScope,
  batchChangesSomething,
  batchScope,
  buildBatchRequest,
  EMPTY_BATCH_FORM,
  expiryChange,
  tagChange,
} from './batch-operation.ts';
import { adminRoleId, roleLabel, roleLookup, tagLabel } from './role-tags.ts';

interface BatchOperationModalProps {
  open: boolean;
  /** The ticked users; none means every user. */
  selectedIds: readonly string[];
  /** How many users exist in all (null while it loads). */
  allUsers: number | null;
  /** A search or tag filter is active in the table (it does not narrow a batch without selection). */
  filtered: boolean;
  roles: readonly Role[];
  onClose: () => void;
  onDone: () => void;
}

/** The batch operation of the user list (spec §5): set tags and move the membership expiry, then confirm. */
export function BatchOperationModal(props: BatchOperationModalProps) {
  const { t } = useTranslation('adminUsers');
  return (
    <Modal
      open={props.open}
      title={t('batch.title')}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      width={560}
      data-testid="batch-modal"
    >
      <BatchForm {...props} />
    </Modal>
  );
}

function BatchForm({ selectedIds, allUsers, filtered, roles, onClose, onDone }: BatchOperationModalProps) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('adminUsers');
  const { modal, message } = useFeedback();
  const [form] = Form.useForm<BatchFormValues>();
  useRevalidateOnLanguageChange(form);
  const batch = useBatchUserOperation();
  const values: BatchFormValues = { ...EMPTY_BATCH_FORM, ...Form.useWatch([], { form, preserve: true }) };
  const scope = batchScope(selectedIds.length, allUsers);
  const tooMany = selectedIds.length > MAX_BATCH_ROWS;
  const admin = adminRoleId(roles);
  const changes = batchChangesSomething(values);

  const apply = async () => {
    let checked: BatchFormValues;
    try {
      checked = { ...EMPTY_BATCH_FORM, ...(await form.validateFields()) };
    } catch {
      return;
    }
    const body = buildBatchRequest(checked, selectedIds, admin);
    modal.confirm({
      title: t('batch.confirmTitle'),
      content: <BatchSummary values={checked} scope={scope} roles={roles} />,
      okText: t('batch.confirmOk'),
      okButtonProps: { danger: scope.kind === 'all', 'data-testid': 'batch-confirm-ok' },
      width: 480,
      onOk: async () => {
        try {
          const { affected } = await batch.mutateAsync(body);
          void message.success(t('batch.done', { count: affected }));
          onDone();
        } catch {
          // The error toast is shown; the dialog stays open so the choice can be corrected.
        }
      },
    });
  };

  const tagOptions = roles.map((role) => {
    const label = roleLabel(t, role.roleName);
    const locked = isAdminRole(role.roleName);
    return {
      value: role.roleId,
      name: label,
      disabled: locked,
      label: locked ? (
        <Tooltip title={t('batch.adminLocked')} placement="right">
          <span data-testid="batch-admin-option">
            <LockOutlined /> {label}
          </span>
        </Tooltip>
      ) : (
        label
      ),
    };
  });

  return (
    <Form<BatchFormValues>
      form={form}
      {...formLayout}
      initialValues={EMPTY_BATCH_FORM}
      onFinish={() => void apply()}
      data-testid="batch-form"
      style={{ marginTop: 16 }}
    >
      <ScopeNotice scope={scope} filtered={filtered} />
      {tooMany ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('batch.tooMany', { max: MAX_BATCH_ROWS.toLocaleString() })}
        />
      ) : null}
      <Form.Item name="tagMode" label={t('batch.tagMode')} style={{ marginBottom: 8 }}>
        <Radio.Group
          data-testid="batch-tag-mode"
          options={[
            { value: 'keep', label: t('batch.keepTags') },
            { value: 'set', label: t('batch.setTags') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="tags"
        extra={values.tagMode === 'set' ? t('batch.tagsHint') : undefined}
        rules={[zodRule(batchUserOperationRequest, 'permissionMap')]}
      >
        <Select
          mode="multiple"
          disabled={values.tagMode !== 'set'}
          placeholder={t('batch.tagsPlaceholder')}
          options={tagOptions}
          showSearch={{ optionFilterProp: 'name' }}
          aria-label={t('batch.setTags')}
          data-testid="batch-tags"
        />
      </Form.Item>
      <Form.Item
        label={t('batch.expiryDays')}
        extra={t('batch.expiryHint', { min: EXPIRY_DAYS_MIN, max: EXPIRY_DAYS_MAX })}
        required={false}
      >
        <Flex gap={8} wrap align="center">
          <Form.Item name="expiryInDays" noStyle rules={[zodRule(batchUserOperationRequest, 'expiryInDays')]}>
            <InputNumber<number>
              precision={0}
              step={1}
              placeholder={t('batch.expiryPlaceholder')}
              suffix={t('batch.daysSuffix')}
              style={{ width: 180 }}
              aria-label={t('batch.expiryDays')}
              data-testid="batch-expiry-days"
            />
          </Form.Item>
          <Space.Compact>
            {QUICK_EXPIRY_DAYS.map((days) => (
              <Button
                key={days}
                type={values.expiryInDays === days ? 'primary' : 'default'}
                onClick={() => {
                  form.setFieldValue('expiryInDays', days);
                  void form.validateFields(['expiryInDays']).catch(() => undefined);
                }}
                data-testid={`batch-quick-${days}`}
              >
                {t('batch.quickDays', { count: days })}
              </Button>
            ))}
          </Space.Compact>
        </Flex>
      </Form.Item>
      {changes ? null : (
        <Typography.Paragraph type="secondary" data-testid="batch-nothing">
          {t('batch.nothingToChange')}
        </Typography.Paragraph>
      )}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} data-testid="batch-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          disabled={!changes || tooMany}
          loading={batch.isPending}
          data-testid="batch-apply"
        >
          {t('batch.apply')}
        </Button>
      </Flex>
    </Form>
  );
}

function ScopeNotice({ scope, filtered }: { scope: BatchScope; filtered: boolean }) {
  const { t } = useTranslation('adminUsers');
  if (scope.kind === 'selected') {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('batch.scopeSelected', { count: scope.count })}
        data-testid="batch-scope"
        data-scope="selected"
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={scope.count === null ? t('batch.scopeAllLoading') : t('batch.scopeAll', { count: scope.count })}
      description={
        filtered ? `${t('batch.scopeAllHint')} ${t('batch.scopeFiltered')}` : t('batch.scopeAllHint')
      }
      data-testid="batch-scope"
      data-scope="all"
    />
  );
}

/** The confirmation's summary, in words: whom, tags, membership. */
export function BatchSummary({
  values,
  scope,
  roles,
}: {
  values: BatchFormValues;
  scope: BatchScope;
  roles: readonly Role[];
}) {
  const { t } = useTranslation('adminUsers');
  return (
    <Descriptions
      column={1}
      size="small"
      style={{ marginTop: 12 }}
      data-testid="batch-summary"
      items={[
        { key: 'scope', label: t('batch.summaryScope'), children: <strong>{scopeText(t, scope)}</strong> },
        { key: 'tags', label: t('batch.summaryTags'), children: tagsText(t, values, roles) },
        { key: 'expiry', label: t('batch.summaryExpiry'), children: expiryText(t, values.expiryInDays) },
      ]}
    />
  );
}

function scopeText(t: TFunction<'adminUsers'>, scope: BatchScope): string {
  if (scope.kind === 'selected') return t('batch.scopeSelectedShort', { count: scope.count });
  return scope.count === null
    ? t('batch.scopeAllShortLoading')
    : t('batch.scopeAllShort', { count: scope.count });
}

function tagsText(t: TFunction<'adminUsers'>, values: BatchFormValues, roles: readonly Role[]): string {
  const change = tagChange(values, adminRoleId(roles));
  if (change.kind === 'unchanged') return t('batch.tagsUnchanged');
  if (change.kind === 'clear') return t('batch.tagsClear');
  const lookup = roleLookup(roles);
  return t('batch.tagsSet', {
    tags: change.tags.map((id) => tagLabel(t, lookup, id)).join(t('common.listSeparator')),
  });
}

function expiryText(t: TFunction<'adminUsers'>, days: number | null): string {
  const change = expiryChange(days);
  if (change.kind === 'unchanged') return t('batch.expiryUnchanged');
  return change.kind === 'extend'
    ? t('batch.expiryExtend', { count: change.days })
    : t('batch.expiryShorten', { count: change.days });
}
