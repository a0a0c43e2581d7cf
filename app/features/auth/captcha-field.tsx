import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Form, type FormRule, Input, Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '#shared/constants.ts';
import type { CaptchaResponse } from '#shared/schemas/auth.ts';
import { captchaImageSource } from './auth-api.ts';

/** The captcha input with its image; clicking the image or the button shows a new one. */
export function CaptchaField({
  captcha,
  rules,
}: {
  captcha: UseQueryResult<CaptchaResponse>;
  rules: FormRule[];
}) {
  const { t } = useTranslation('auth');
  const refresh = () => void captcha.refetch();
  return (
    <Form.Item required style={{ marginBottom: 20 }}>
      {/* On a phone the image does not leave the input enough room: the input takes its own line, and the
          image with its refresh button the next one. */}
      <Flex gap={8} align="center" wrap>
        <Form.Item name="captcha" noStyle rules={rules} validateFirst>
          <Input
            data-testid="login-captcha"
            aria-label={t('fields.captcha')}
            placeholder={t('fields.captcha')}
            prefix={<SafetyOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} />}
            maxLength={CAPTCHA_LENGTH}
            autoComplete="off"
            spellCheck={false}
            size="large"
            style={{ flex: '1 1 150px', minWidth: 0 }}
          />
        </Form.Item>
        <Flex gap={8} align="center">
          <button
            type="button"
            onClick={refresh}
            aria-label={t('captcha.refresh')}
            data-testid="captcha-image"
            style={{
              flexShrink: 0,
              // The image at its drawn size (spec §9: height 60), inside a 1 px border.
              width: CAPTCHA_WIDTH + 2,
              height: CAPTCHA_HEIGHT + 2,
              padding: 0,
              border: '1px solid #d9d9d9',
              borderRadius: 8,
              background: '#f6f8fc',
              cursor: 'pointer',
              overflow: 'hidden',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {captcha.data && !captcha.isFetching ? (
              <img
                src={captchaImageSource(captcha.data.image)}
                alt={t('captcha.alt')}
                width={CAPTCHA_WIDTH}
                height={CAPTCHA_HEIGHT}
                style={{ display: 'block', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}
              />
            ) : captcha.isError && !captcha.isFetching ? (
              <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>{t('captcha.failed')}</span>
            ) : (
              <Spin size="small" />
            )}
          </button>
          <Tooltip title={t('captcha.refresh')}>
            <Button
              aria-label={t('captcha.refresh')}
              data-testid="captcha-refresh"
              icon={<ReloadOutlined />}
              onClick={refresh}
              loading={captcha.isFetching}
            />
          </Tooltip>
        </Flex>
      </Flex>
    </Form.Item>
  );
}
