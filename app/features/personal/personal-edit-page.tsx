import { SaveOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Avatar,
  Button,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Skeleton,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { AVATAR_SIZE, DEFAULT_AVATAR_URL } from '#shared/constants.ts';
import {
  GENDERS,
  type PersonalInfo,
  type UpdatePersonalInfoRequest,
  updatePersonalInfoRequest,
} from '#shared/schemas/personal.ts';
import { FormActions } from '../../components/form-actions.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useAccount } from '../../lib/account.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { PROFILE_FIELDS, useUpdateProfile, useUploadAvatar } from './personal-api.ts';

const { Title, Text } = Typography;

/** Avatar uploads the server accepts (it checks the bytes, re-encodes and crops to a square). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be an avatar, or null when it can be sent. */
export function avatarFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

type ProfileValues = {
  nickName: string;
  gender: (typeof GENDERS)[number] | null;
  phone: string;
};

/** /personal/edit: nickname, gender, phone and avatar (spec §2 modify data). */
export function PersonalEditPage() {
  const { t } = useTranslation('personal');
  const { t: tCommon } = useTranslation();
  const account = useAccount();
  const title = <title>{`${t('menu.edit')} · ${tCommon('product.name')}`}</title>;

  if (account.isPending) {
    return (
      <div data-testid="personal-edit-loading">
        {title}
        <Skeleton avatar={{ size: AVATAR_SIZE }} active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (account.isError) return <QueryError onRetry={() => void account.refetch()} />;
  return (
    <div data-testid="personal-edit">
      {title}
      <Title level={4} style={{ marginTop: 0 }}>
        {t('menu.edit')}
      </Title>
      <Row gutter={[40, 24]}>
        <Col xs={24} lg={9} xl={8}>
          <AvatarUpload current={account.data.pic} />
        </Col>
        <Col xs={24} lg={15} xl={16}>
          <ProfileForm info={account.data} />
        </Col>
      </Row>
    </div>
  );
}

function AvatarUpload({ current }: { current: string }) {
  const { t } = useTranslation('personal');
  const { message } = useFeedback();
  const upload = useUploadAvatar();
  const [preview, setPreview] = useState<string | null>(null);

  const send = async (file: File) => {
    // A data: URL (the CSP allows data: images; blob: would be fetched, which connect-src forbids).
    setPreview(await readAsDataUrl(file).catch(() => null));
    try {
      await upload.mutateAsync(file);
      void message.success(t('edit.avatarSaved'));
    } catch (error) {
      const reason = error instanceof ApiError ? error.messages.join(' ') : '';
      void message.error(reason ? `${t('edit.uploadFailed')}: ${reason}` : t('edit.uploadFailed'));
    } finally {
      setPreview(null);
    }
  };

  return (
    <Flex vertical align="center" gap={16} data-testid="avatar-upload">
      <Avatar
        size={AVATAR_SIZE}
        src={preview ?? (current || DEFAULT_AVATAR_URL)}
        alt=""
        data-testid="avatar-preview"
        style={{ opacity: upload.isPending ? 0.6 : 1 }}
      />
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          const problem = avatarFileProblem(file);
          if (problem) {
            void message.error(`${t('edit.uploadFailed')}: ${t(`edit.avatarProblem.${problem}`)}`);
            return Upload.LIST_IGNORE;
          }
          void send(file);
          // The page sends the file itself through the API client (token, language, errors).
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="avatar-choose">
          {t('edit.chooseAvatar')}
        </Button>
      </Upload>
      <Text type="secondary" style={{ textAlign: 'center', fontSize: 13 }}>
        {t('edit.avatarHint')}
      </Text>
    </Flex>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function ProfileForm({ info }: { info: PersonalInfo }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('personal');
  const { message } = useFeedback();
  const [form] = Form.useForm<ProfileValues>();
  useRevalidateOnLanguageChange(form);
  const update = useUpdateProfile();
  const rule = (field: string) => zodRule(updatePersonalInfoRequest, field);

  const submit = async (values: ProfileValues) => {
    const body: UpdatePersonalInfoRequest = {
      nickName: values.nickName.trim(),
      phone: values.phone.trim(),
      ...(values.gender ? { gender: values.gender } : {}),
    };
    try {
      await update.mutateAsync(body);
      void message.success(t('edit.saved'));
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, PROFILE_FIELDS);
    }
  };

  return (
    <Form<ProfileValues>
      form={form}
      {...formLayout}
      initialValues={{ nickName: info.nickName ?? '', gender: info.gender, phone: info.phone ?? '' }}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 520 }}
      data-testid="profile-form"
    >
      <Form.Item name="nickName" label={t('fields.nickName')} rules={[rule('nickName')]}>
        <Input
          maxLength={30}
          showCount
          placeholder={t('edit.nickNamePlaceholder')}
          data-testid="edit-nickname"
        />
      </Form.Item>
      <Form.Item name="gender" label={t('fields.gender')}>
        <Radio.Group
          data-testid="edit-gender"
          options={GENDERS.map((gender) => ({ value: gender, label: t(`gender.${gender}`) }))}
        />
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')} rules={[rule('phone')]} extra={t('edit.phoneHint')}>
        <Input placeholder="+86 138 0000 0000" inputMode="tel" autoComplete="tel" data-testid="edit-phone" />
      </Form.Item>
      <Divider style={{ margin: '8px 0 20px' }} />
      <FormActions>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={update.isPending}
          data-testid="edit-save"
        >
          {t('edit.save')}
        </Button>
      </FormActions>
    </Form>
  );
}
