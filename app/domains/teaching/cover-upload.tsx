import { LoadingOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Image, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { IMAGE_ACCEPT, imageFileProblem, useUploadImage } from '../../lib/image-upload.ts';
import { safeImageUrl } from '../../lib/safe-image-url.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const COVER_WIDTH = 240;
const COVER_HEIGHT = 135;

/**
 * The article cover (spec §5: required, "请上传"): an antd Upload whose request goes through the API client
 * (bearer token, interface language) to /api/FileSave/Upload; the form keeps the returned URL.
 */
export function CoverUpload({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (url: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('teach');
  const { message } = useFeedback();
  const { status } = Form.Item.useStatus();
  const upload = useUploadImage();
  const url = safeImageUrl(value);

  const picker = (trigger: ReactNode) => (
    <Upload
      accept={IMAGE_ACCEPT}
      showUploadList={false}
      maxCount={1}
      disabled={upload.isPending}
      beforeUpload={(file) => {
        const problem = imageFileProblem(file);
        if (problem) {
          void message.error(`${t('form.uploadFailed')}: ${t(`form.fileProblem.${problem}`)}`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        upload.mutate(file as File, {
          onSuccess: (uploaded) => {
            onChange?.(uploaded.url);
            onSuccess?.(uploaded);
          },
          onError: (error) => {
            const reason = error instanceof ApiError ? error.messages.join(' ') : '';
            void message.error(reason ? `${t('form.uploadFailed')}: ${reason}` : t('form.uploadFailed'));
            onError?.(error instanceof Error ? error : new Error(String(error)));
          },
        });
      }}
    >
      {trigger}
    </Upload>
  );

  if (url) {
    return (
      <Flex gap={16} align="flex-end" wrap id={id} data-testid="cover-upload">
        <Image
          src={url}
          alt={t('fields.picture')}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid #f0f0f0' }}
          preview={{ cover: t('form.preview') }}
          data-testid="cover-preview"
        />
        <Flex vertical gap={8}>
          {picker(
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="cover-replace">
              {upload.isPending ? t('form.uploading') : t('form.replace')}
            </Button>,
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 260 }}>
            {t('form.coverHint')}
          </Typography.Text>
        </Flex>
      </Flex>
    );
  }

  return (
    <Flex gap={16} align="flex-end" wrap id={id} data-testid="cover-upload">
      {picker(
        <button
          type="button"
          data-testid="cover-choose"
          style={{
            width: COVER_WIDTH,
            height: COVER_HEIGHT,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 8,
            border: `1px dashed ${status === 'error' ? '#ff4d4f' : '#d9d9d9'}`,
            borderRadius: 8,
            background: '#fafafa',
            color: 'rgba(0, 0, 0, 0.65)',
            cursor: upload.isPending ? 'progress' : 'pointer',
            font: 'inherit',
          }}
        >
          {upload.isPending ? <LoadingOutlined /> : <PlusOutlined />}
          <span>{upload.isPending ? t('form.uploading') : t('form.upload')}</span>
        </button>,
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 260 }}>
        {t('form.coverHint')}
      </Typography.Text>
    </Flex>
  );
}
