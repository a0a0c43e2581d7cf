import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import type { SystemMessageDto } from '#shared/realtime.ts';
import { addOrUpdateSystemMessageRequest } from '#shared/schemas/system-messages.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime, publisherLabel } from '../../components/system-messages/message-meta.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useSystemMessages } from '../../lib/hub/hub-queries.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  MESSAGE_FIELDS,
  type MessageFlag,
  useDeleteMessage,
  useSaveMessage,
  useSetMessageFlag,
} from './messages-api.ts';

const { Title, Text } = Typography;

const CONTENT_MAX_LENGTH = 5000;

interface MessageFormValues {
  title: string;
  content: string;
  publishedUserName: string;
  isRoll: boolean;
  isPop: boolean;
}

function FlagSwitch({ message, flag }: { message: SystemMessageDto; flag: MessageFlag }) {
  const { t } = useTranslation('advisoriesAdmin');
  const { message: toast } = useFeedback();
  const setFlag = useSetMessageFlag();
  const value = flag === 'roll' ? message.isRoll : message.isPop;
  return (
    <Switch
      checked={setFlag.isPending ? setFlag.variables?.value : value}
      loading={setFlag.isPending}
      aria-label={t(flag === 'roll' ? 'messages.rollLabel' : 'messages.popLabel', { title: message.title })}
      data-testid={`message-${flag}-switch`}
      onChange={async (next) => {
        try {
          await setFlag.mutateAsync({ id: message.id, flag, value: next });
          void toast.success(
            t(`messages.flagSaved.${flag}.${next ? 'on' : 'off'}`, { title: message.title }),
          );
        } catch {
          // The API client has shown why.
        }
      }}
    />
  );
}

function DeleteButton({ message }: { message: SystemMessageDto }) {
  const { t } = useTranslation('advisoriesAdmin');
  const { message: toast } = useFeedback();
  const remove = useDeleteMessage();
  return (
    <Popconfirm
      title={t('messages.deleteConfirm')}
      description={message.title}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={async () => {
        try {
          await remove.mutateAsync(message.id);
          void toast.success(t('messages.deleted', { title: message.title }));
        } catch {
          // The API client has shown why.
        }
      }}
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="message-delete">
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}

function MessageModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: SystemMessageDto | null;
  onClose: () => void;
}) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('advisoriesAdmin');
  const { message: toast } = useFeedback();
  const [form] = Form.useForm<MessageFormValues>();
  useRevalidateOnLanguageChange(form);
  const save = useSaveMessage();
  const rule = (field: string) => zodRule(addOrUpdateSystemMessageRequest, field);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      title: editing?.title ?? '',
      content: editing?.content ?? '',
      publishedUserName: editing?.publishedUserName ?? '',
      isRoll: editing?.isRoll ?? false,
      isPop: editing?.isPop ?? false,
    });
  }, [open, editing, form]);

  const submit = async (values: MessageFormValues) => {
    try {
      const saved = await save.mutateAsync({
        ...(editing ? { id: editing.id } : {}),
        title: values.title.trim(),
        content: values.content.trim(),
        publishedUserName: values.publishedUserName.trim() || null,
        isRoll: values.isRoll,
        isPop: values.isPop,
      });
      void toast.success(t(editing ? 'messages.saved' : 'messages.added', { title: saved.title }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, MESSAGE_FIELDS);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('messages.editTitle') : t('messages.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      width={640}
      okButtonProps={{ 'data-testid': 'message-save' }}
    >
      <Form<MessageFormValues>
        form={form}
        {...formLayout}
        onFinish={(values) => void submit(values)}
        data-testid="message-form"
        initialValues={{ title: '', content: '', publishedUserName: '', isRoll: false, isPop: false }}
      >
        <Form.Item name="title" label={t('messages.fields.title')} rules={[rule('title')]} required>
          <Input maxLength={200} showCount data-testid="message-title" />
        </Form.Item>
        <Form.Item name="content" label={t('messages.fields.content')} rules={[rule('content')]} required>
          <Input.TextArea
            maxLength={CONTENT_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 4, maxRows: 10 }}
            data-testid="message-content"
          />
        </Form.Item>
        <Form.Item
          name="publishedUserName"
          label={t('messages.fields.publisher')}
          rules={[rule('publishedUserName')]}
          extra={t('messages.publisherHint')}
        >
          <Input maxLength={60} data-testid="message-publisher" />
        </Form.Item>
        <Flex gap={32} wrap>
          <Form.Item
            name="isRoll"
            label={t('messages.fields.isRoll')}
            valuePropName="checked"
            extra={t('messages.rollHint')}
          >
            <Switch data-testid="message-roll" />
          </Form.Item>
          <Form.Item
            name="isPop"
            label={t('messages.fields.isPop')}
            valuePropName="checked"
            extra={t('messages.popHint')}
          >
            <Switch data-testid="message-pop" />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

/** /admin/operation/system-message: system messages with their roll and pop switches (spec §2, §4, §5). */
export function SystemMessagePage() {
  const { t } = useTranslation('advisoriesAdmin');
  const { t: tLive } = useTranslation('live');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const messages = useSystemMessages({ load: true });
  const [modal, setModal] = useState<{ open: boolean; editing: SystemMessageDto | null }>({
    open: false,
    editing: null,
  });

  const columns: TableColumnsType<SystemMessageDto> = [
    {
      key: 'title',
      title: t('messages.fields.title'),
      render: (_, message) => (
        <Flex vertical gap={2} style={{ minWidth: 200, maxWidth: 420 }}>
          <Text strong data-testid="message-row-title">
            {message.title}
          </Text>
          <Text type="secondary" ellipsis={{ tooltip: message.content }} style={{ fontSize: 12 }}>
            {message.content}
          </Text>
        </Flex>
      ),
    },
    {
      key: 'publisher',
      title: t('messages.fields.publisher'),
      render: (_, message) =>
        message.publishedUserName.trim() ? (
          message.publishedUserName
        ) : (
          <Text type="secondary">{publisherLabel(tLive, message.publishedUserName)}</Text>
        ),
    },
    {
      key: 'publishedTimestamp',
      title: t('messages.fields.publishedTimestamp'),
      width: 160,
      render: (_, message) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.publishedTimestamp)}</span>
      ),
    },
    {
      key: 'isRoll',
      title: t('messages.fields.isRoll'),
      width: 100,
      render: (_, message) => <FlagSwitch message={message} flag="roll" />,
    },
    {
      key: 'isPop',
      title: t('messages.fields.isPop'),
      width: 100,
      render: (_, message) => <FlagSwitch message={message} flag="pop" />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: phone ? undefined : 'right',
      width: 170,
      render: (_, message) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setModal({ open: true, editing: message })}
            data-testid="message-edit"
          >
            {t('common.edit')}
          </Button>
          <DeleteButton message={message} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="system-message-admin">
      <title>{`${tAdmin('menu.systemMessage')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <Title level={4} style={{ margin: 0 }}>
            {tAdmin('menu.systemMessage')}
          </Title>
          <Text type="secondary">{t('messages.intro')}</Text>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setModal({ open: true, editing: null })}
          data-testid="message-add"
        >
          {t('messages.add')}
        </Button>
      </Flex>
      {messages.isError && !messages.data ? (
        <QueryError onRetry={() => void messages.refetch()} />
      ) : (
        <Table<SystemMessageDto>
          rowKey="id"
          columns={columns}
          dataSource={messages.data ?? []}
          loading={messages.isPending}
          size={phone ? 'small' : 'middle'}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('messages.empty') }}
          pagination={{
            defaultPageSize: ADMIN_PAGE_SIZE,
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (total) => t('messages.total', { count: total }),
            size: phone ? 'small' : undefined,
          }}
          data-testid="messages-table"
        />
      )}
      <MessageModal
        open={modal.open}
        editing={modal.editing}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}
