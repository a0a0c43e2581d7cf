import type { FormInstance } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodRule } from './form-rules.ts';
import { changeLocale } from './i18n.ts';

// zodRule checks one field with a shared schema, given as it is or as a download (forms of the first pages).

const schema = z.object({
  email: z.string().min(1, 'emailRequired'),
  password: z.string().min(8, 'passwordLength'),
});

function validate(rule: ReturnType<typeof zodRule>, values: Record<string, unknown>) {
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  const object = typeof rule === 'function' ? rule(form) : rule;
  if (!('validator' in object) || !object.validator) throw new Error('zodRule gives a validator');
  return object.validator(object, undefined, () => undefined);
}

describe('zodRule', () => {
  beforeEach(async () => {
    await changeLocale('zh');
  });

  it("reports this field's issue in the interface language, and nothing for a valid field", async () => {
    await expect(validate(zodRule(schema, 'email'), { email: '', password: 'short' })).rejects.toThrow(
      '请输入邮箱',
    );
    await expect(
      validate(zodRule(schema, 'email'), { email: 'a@b.c', password: 'short' }),
    ).resolves.toBeUndefined();
  });

  it('downloads the schema when it first checks, and leaves the check to the server when the download fails', async () => {
    await expect(
      validate(
        zodRule(async () => schema, 'password'),
        { email: 'a@b.c', password: 'short' },
      ),
    ).rejects.toThrow('密码长度须为8-30个字符');
    const offline = async (): Promise<z.ZodType> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    await expect(validate(zodRule(offline, 'password'), { password: 'short' })).resolves.toBeUndefined();
  });
});
