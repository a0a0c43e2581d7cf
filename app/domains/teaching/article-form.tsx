import { SendOutlined } from '@ant-design/icons';
import type { FormRule } from 'antd';
import { Alert, Button, Col, Flex, Form, Input, Row } from 'antd';
import { DESCRIPTION_MAX_LENGTH } from '#shared/constants.ts';
import { message as sharedMessage } from '#shared/messages.ts';
import { ARTICLE_TEXT_MAX_LENGTH, type Article, addArticleRequest } from '#shared/schemas/teaching.ts';
import { FormActions } from '../../components/form-actions.tsx';
import { LazyRichTextEditor } from '../../components/rich-text/lazy-rich-text-editor.tsx';
import { hasArticleContent } from '../../components/rich-text/rich-text-view.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { CategoryCascader } from './category-cascader.tsx';
import { lastOfPath } from './category-paths.ts';
import { CoverUpload } from './cover-upload.tsx';
import { ARTICLE_FIELDS, useSaveArticle } from './teaching-api.ts';

export interface ArticleFormValues {
  headLine: string;
  description: string;
  /** The category path of the cascader; the last id is sent. */
  classification: number[];
  picture: string;
  text: string;
}

/** The form's starting values: empty for a new article, the article's own for an edit. */
export function initialArticleValues(article?: Article | null): ArticleFormValues {
  return {
    headLine: article?.headLine ?? '',
    description: article?.description ?? '',
    classification: article?.classPath ?? [],
    picture: article?.picture ?? '',
    text: article?.text ?? '',
  };
}

/** The AddArticle / UpdateArticle body of the form's values. */
export function articleBody(values: ArticleFormValues, id?: number) {
  const body = {
    headLine: values.headLine.trim(),
    description: values.description.trim(),
    classification: lastOfPath(values.classification) ?? Number.NaN,
    picture: values.picture,
    text: values.text,
  };
  return id === undefined ? body : { id, ...body };
}

const localized = (key: Parameters<typeof sharedMessage>[0]) => sharedMessage(key, currentLocale());

const classificationRule: FormRule = {
  validator: async (_, path: number[] | undefined) => {
    if (lastOfPath(path) === undefined) throw new Error(localized('classificationRequired'));
  },
};

const textRule: FormRule = {
  validator: async (_, html: string | undefined) => {
    if (!html || !hasArticleContent(html)) throw new Error(localized('contentRequired'));
    if (html.length > ARTICLE_TEXT_MAX_LENGTH) throw new Error(localized('contentTooLong'));
  },
};

/**
 * Publishing or editing a teaching article (spec §5 teaching form; §4: a new article is added, an existing
 * one updated). Shared by the admin back office and the personal "publish article" page.
 */
export function ArticleForm({
  article,
  audience,
  onDone,
  onCancel,
}: {
  /** The full article (with its text) when editing. */
  article?: Article | null;
  audience: 'admin' | 'member';
  onDone: (id: number) => void;
  onCancel: () => void;
}) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('teach');
  const { message } = useFeedback();
  const [form] = Form.useForm<ArticleFormValues>();
  useRevalidateOnLanguageChange(form);
  const save = useSaveArticle();
  const rule = (field: keyof ArticleFormValues) => zodRule(addArticleRequest, field);
  const editing = Boolean(article);

  const submit = async (values: ArticleFormValues) => {
    try {
      const { id } = await save.mutateAsync(articleBody(values, article?.id));
      void message.success(editing ? t('form.saved') : t('form.published'));
      onDone(id);
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, ARTICLE_FIELDS);
    }
  };

  return (
    <Form<ArticleFormValues>
      form={form}
      {...formLayout}
      initialValues={initialArticleValues(article)}
      onFinish={(values) => void submit(values)}
      scrollToFirstError={{ block: 'center' }}
      data-testid="article-form"
    >
      {audience === 'member' ? (
        <Alert type="info" showIcon title={t('form.reviewNotice')} style={{ marginBottom: 20 }} />
      ) : null}
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Form.Item name="headLine" label={t('fields.headLine')} rules={[rule('headLine')]}>
            <Input
              maxLength={200}
              placeholder={t('form.headLinePlaceholder')}
              data-testid="article-headline"
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={10}>
          <Form.Item name="classification" label={t('fields.classification')} rules={[classificationRule]}>
            <CategoryCascader placeholder={t('form.classificationPlaceholder')} testId="article-category" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={t('fields.description')} rules={[rule('description')]}>
        <Input.TextArea
          maxLength={DESCRIPTION_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('form.descriptionPlaceholder')}
          data-testid="article-description"
        />
      </Form.Item>
      <Form.Item name="picture" label={t('fields.picture')} rules={[rule('picture')]}>
        <CoverUpload />
      </Form.Item>
      <Form.Item name="text" label={t('fields.text')} rules={[textRule]}>
        <LazyRichTextEditor />
      </Form.Item>
      <FormActions>
        <Flex gap={12} wrap style={{ marginTop: 8 }}>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined />}
            loading={save.isPending}
            data-testid="article-submit"
          >
            {editing ? t('form.submitEdit') : t('form.submitNew')}
          </Button>
          <Button onClick={onCancel} data-testid="article-cancel">
            {t('form.cancel')}
          </Button>
        </Flex>
      </FormActions>
    </Form>
  );
}
