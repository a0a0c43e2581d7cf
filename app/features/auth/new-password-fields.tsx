import { LockOutlined } from '@ant-design/icons';
import type { FormRule } from 'antd';
import { Form, Input } from 'antd';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** A new password and its confirmation (registration, password reset), with the length hint of spec §5. */
export function NewPasswordFields({
  rule,
  testIdPrefix,
}: {
  /** The form's rule for `password` and for `confirm`. */
  rule: (field: 'password' | 'confirm') => FormRule;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('auth');
  const lock = <LockOutlined style={{ color: 'rgba(0, 0, 0, 0.35)' }} />;
  return (
    <>
      <Form.Item
        name="password"
        rules={[rule('password')]}
        validateFirst
        extra={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
      >
        <Input.Password
          data-testid={`${testIdPrefix}-password`}
          aria-label={t('fields.newPassword')}
          placeholder={t('fields.newPassword')}
          prefix={lock}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item name="confirm" rules={[rule('confirm')]} dependencies={['password']} validateFirst>
        <Input.Password
          data-testid={`${testIdPrefix}-confirm`}
          aria-label={t('fields.confirm')}
          placeholder={t('fields.confirm')}
          prefix={lock}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
    </>
  );
}
