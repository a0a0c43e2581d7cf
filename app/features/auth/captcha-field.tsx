import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { CAPTCHA_HEIGHT, CAPTCHA_LENGTH, CAPTCHA_WIDTH } from '#shared/constants.ts';
import type { CaptchaResponse } from '#shared/schemas/auth.ts';
import { type PlainForm, PlainFormItem } from '../../components/plain-form.tsx';
import { TextInput } from '../../components/plain-inputs.ts';
import { Spinner } from '../../components/spinner.tsx';
import { Stack } from '../../components/stack.tsx';
import { TEXT_COLORS } from '../../lib/theme.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { captchaImageSource } from './auth-api.ts';

/** Hidden on screen, read by screen readers. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * What the live region says: nothing on the first image (the field and the image introduce it), then, after
 * every new image (the refresh button, a failed attempt, the renewal before it expires), that a new one is
 * shown. It is emptied while the next one loads, so that the same sentence is announced again.
 */
function useAnnouncement(captcha: UseQueryResult<CaptchaResponse>): string {
  const { t } = useTranslation('auth');
  const [firstLoadedAt, setFirstLoadedAt] = useState<number | null>(null);
  if (firstLoadedAt === null && captcha.data) setFirstLoadedAt(captcha.dataUpdatedAt);
  if (captcha.isFetching) return '';
  if (captcha.isError) return t('captcha.failed');
  if (captcha.data && firstLoadedAt !== null && captcha.dataUpdatedAt > firstLoadedAt)
    return t('captcha.renewed');
  return '';
}

/**
 * The captcha input with its image (its text alternative says what to do with it) and a refresh button; a
 * polite live region tells screen-reader users when a new image has replaced the one they were reading.
 * Clicking the image also shows a new one, a shortcut for the pointer beside the button.
 */
export function CaptchaField({
  captcha,
  field,
  errors,
}: {
  captcha: UseQueryResult<CaptchaResponse>;
  /** The sign-in form's captcha field (its value, change and error state). */
  field: ReturnType<PlainForm<{ captcha: string }>['textField']>;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation('auth');
  const refresh = () => void captcha.refetch();
  const announcement = useAnnouncement(captcha);
  return (
    <PlainFormItem field="captcha" errors={errors} marginBottom={20}>
      {/* On a phone the image does not leave the input enough room: the input takes its own line, and the
          image with its refresh button the next one. */}
      <Stack gap={8} align="center" wrap>
        <TextInput
          {...field}
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
        <Stack gap={8} align="center">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut only; the refresh button beside it is the control, for the keyboard too. */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above, the refresh button is the keyboard's way. */}
          <div
            onClick={refresh}
            data-testid="captcha-image"
            style={{
              flexShrink: 0,
              boxSizing: 'border-box',
              // The image at its drawn size (spec §9: height 60), inside a 1 px border.
              width: CAPTCHA_WIDTH + 2,
              height: CAPTCHA_HEIGHT + 2,
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
                alt={t('captcha.alt', { count: CAPTCHA_LENGTH })}
                width={CAPTCHA_WIDTH}
                height={CAPTCHA_HEIGHT}
                style={{ display: 'block', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT }}
              />
            ) : captcha.isError && !captcha.isFetching ? (
              <span style={{ fontSize: 12, color: TEXT_COLORS.muted }}>{t('captcha.failed')}</span>
            ) : (
              <Spinner size="small" />
            )}
          </div>
          {/* The browser's own hint, not antd's Tooltip: the pop-up engine is not worth its bytes on the
              sign-in screen's first load for one hint that the button's name already gives. */}
          <Button
            aria-label={t('captcha.refresh')}
            title={t('captcha.refresh')}
            data-testid="captcha-refresh"
            icon={<ReloadOutlined />}
            onClick={refresh}
            loading={captcha.isFetching}
          />
        </Stack>
      </Stack>
      <div role="status" aria-live="polite" style={VISUALLY_HIDDEN} data-testid="captcha-status">
        {announcement}
      </div>
    </PlainFormItem>
  );
}
