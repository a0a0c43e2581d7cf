import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Result, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DESCRIPTION_MAX_LENGTH } from '#shared/constants.ts';
import { type AdminAdvisory, addOrUpdateAdvisoryRequest } from '#shared/schemas/advisories.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { LazyRichTextEditor } from '../../components/rich-text/lazy-rich-text-editor.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { ADVISORY_FIELDS, useAdvisory, useAdvisoryTraders, useSaveAdvisory } from './advisories-api.ts';
import { ADVISORY_LIST_PATH, advisoryIdParam } from './advisory-paths.ts';

const { Title, Text } = Typography;

interface AdvisoryFormValues {
  title: string;
  advisoryDesc: string;
  apiKeyArray: number[];
  content: string;
}

function AdvisoryForm({ advisory }: { advisory: AdminAdvisory | null }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('advisoriesAdmin');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<AdvisoryFormValues>();
  useRevalidateOnLanguageChange(form);
  const traders = useAdvisoryTraders();
  const save = useSaveAdvisory();
  const rule = (field: string) => zodRule(addOrUpdateAdvisoryRequest, field);

  // Strategies go only to active traders; inactive ones still linked to an edited strategy are shown, marked,
  // while selected, so the admin sees why they must be removed (and can remove them: a disabled option could
  // not be); once removed they cannot be chosen again.
  const chosen = Form.useWatch('apiKeyArray', form) ?? advisory?.apiKeyArray;
  const options = useMemo(() => {
    const selected = new Set(chosen ?? []);
    return (traders.data ?? [])
      .filter((trader) => trader.isActive || selected.has(trader.id))
      .map((trader) => ({
        value: trader.id,
        label: trader.isActive
          ? trader.keyName
          : t('advisories.form.inactiveTrader', { name: trader.keyName }),
      }));
  }, [traders.data, chosen, t]);

  const submit = async (values: AdvisoryFormValues) => {
    try {
      await save.mutateAsync({
        ...(advisory ? { id: advisory.id } : {}),
        title: values.title.trim(),
        advisoryDesc: values.advisoryDesc.trim(),
        apiKeyArray: values.apiKeyArray,
        content: values.content,
      });
      void message.success(
        advisory
          ? t('advisories.saved', { title: values.title.trim() })
          : t('advisories.published', { title: values.title.trim() }),
      );
      navigate(ADVISORY_LIST_PATH);
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ADVISORY_FIELDS);
    }
  };

  return (
    <Form<AdvisoryFormValues>
      form={form}
      {...formLayout}
      initialValues={{
        title: advisory?.title ?? '',
        advisoryDesc: advisory?.advisoryDesc ?? '',
        apiKeyArray: advisory?.apiKeyArray ?? [],
        content: advisory?.content ?? '',
      }}
      onFinish={(values) => void submit(values)}
      data-testid="advisory-form"
    >
      <Form.Item name="title" label={t('advisories.fields.title')} rules={[rule('title')]} required>
        <Input
          maxLength={200}
          showCount
          placeholder={t('advisories.form.titlePlaceholder')}
          data-testid="advisory-title"
        />
      </Form.Item>
      <Form.Item
        name="advisoryDesc"
        label={t('advisories.fields.advisoryDesc')}
        rules={[rule('advisoryDesc')]}
        extra={t('advisories.form.descHint')}
      >
        <Input.TextArea
          placeholder={t('advisories.form.noDescription')}
          maxLength={DESCRIPTION_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          data-testid="advisory-desc"
        />
      </Form.Item>
      <Form.Item
        name="apiKeyArray"
        label={t('advisories.fields.traders')}
        rules={[rule('apiKeyArray')]}
        required
        extra={t('advisories.form.tradersHint')}
      >
        <Select
          mode="multiple"
          allowClear
          loading={traders.isPending}
          options={options}
          optionFilterProp="label"
          placeholder={t('advisories.form.tradersPlaceholder')}
          notFoundContent={traders.isPending ? undefined : t('advisories.form.noActiveTraders')}
          data-testid="advisory-traders"
        />
      </Form.Item>
      <Form.Item name="content" label={t('advisories.fields.content')} rules={[rule('content')]} required>
        <LazyRichTextEditor />
      </Form.Item>
      <Flex gap={8} justify="flex-end" wrap>
        <LinkButton to={ADVISORY_LIST_PATH}>{t('common.cancel')}</LinkButton>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={save.isPending}
          data-testid="advisory-submit"
        >
          {advisory ? t('common.save') : t('advisories.form.publish')}
        </Button>
      </Flex>
    </Form>
  );
}

/** /admin/content/advisory/add (and `?id=` to edit): write a strategy and push it to its traders' subscribers. */
export function AdvisoryEditPage() {
  const { t } = useTranslation('advisoriesAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [params] = useSearchParams();
  const id = advisoryIdParam(params);
  const advisory = useAdvisory(id);
  const heading = id === null ? t('advisories.addTitle') : t('advisories.editTitle');

  let body: ReactNode;
  if (id === null) body = <AdvisoryForm advisory={null} />;
  else if (advisory.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (advisory.isError) {
    body =
      advisory.error instanceof ApiError && advisory.error.status === 404 ? (
        <Result status="404" title={t('advisories.notFound')} />
      ) : (
        <QueryError onRetry={() => void advisory.refetch()} />
      );
  } else body = <AdvisoryForm key={advisory.data.id} advisory={advisory.data} />;

  return (
    <div data-testid="advisory-edit">
      <title>{`${heading} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <LinkButton
          type="text"
          to={ADVISORY_LIST_PATH}
          icon={<ArrowLeftOutlined />}
          aria-label={t('common.back')}
        />
        <div style={{ minWidth: 0 }}>
          <Title level={4} style={{ margin: 0 }}>
            {heading}
          </Title>
          <Text type="secondary">{t('advisories.form.intro')}</Text>
        </div>
      </Flex>
      <Card>{body}</Card>
    </div>
  );
}
