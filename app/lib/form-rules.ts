import type { FormInstance, FormRule } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { currentLocale } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

/**
 * A schema, or how to download it: a form on a first page (the sign-in screen) downloads the shared schemas,
 * zod and the messages when it first checks a field, not with the page.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * The first problem the shared zod schema finds with one field, in the interface language, or undefined. The
 * schema runs on all the form's values, so cross-field rules such as "the two passwords match" work; only
 * the issues of this field are reported. When the schema cannot be downloaded (the connection dropped),
 * nothing is reported: the server checks the same rules.
 */
export async function checkField(
  source: SchemaSource,
  values: unknown,
  field: string,
): Promise<string | undefined> {
  let schema: z.ZodType;
  let message: typeof import('#shared/messages.ts')['message'];
  try {
    [schema, { message }] = await Promise.all([
      typeof source === 'function' ? source() : source,
      import('#shared/messages.ts'),
    ]);
  } catch {
    return undefined;
  }
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path.join('.') === field);
  return issue ? message(issue.message, currentLocale()) : undefined;
}

/**
 * An antd rule that checks a field with a shared zod schema (checkField), so that forms apply the server's
 * own rules (spec §5) and show its messages (shared/messages.ts) in the interface language.
 */
export function zodRule(source: SchemaSource, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const problem = await checkField(source, getFieldsValue(true), field);
      if (problem !== undefined) throw new Error(problem);
    },
  });
}

/** The server's field errors (problem `errors`) for the form's own fields, in the fields' order. */
export function formFieldErrors<F extends string>(
  fieldErrors: Record<string, string[]>,
  fields: readonly F[],
): Partial<Record<F, string[]>> {
  const marked: Partial<Record<F, string[]>> = {};
  for (const field of fields) if (fieldErrors[field]?.length) marked[field] = fieldErrors[field];
  return marked;
}

/** Puts the server's field errors (problem `errors`) on the form's fields; returns the fields it marked. */
export function applyFieldErrors(
  form: FormInstance,
  fieldErrors: Record<string, string[]>,
  fields: readonly string[],
): string[] {
  const marked = Object.entries(formFieldErrors(fieldErrors, fields));
  form.setFields(marked.map(([field, errors]) => ({ name: field, errors })));
  return marked.map(([field]) => field);
}

/** Re-checks the fields that show an error when the interface language changes, so the errors follow it. */
export function useRevalidateOnLanguageChange(form: FormInstance): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    if (!language) return;
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length) void form.validateFields(withErrors).catch(() => undefined);
  }, [language, form]);
}
