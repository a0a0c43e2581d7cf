import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { TEXT_COLORS } from '../lib/theme.ts';
import { useTranslation } from '../lib/use-translation.ts';

// A form's state and checks without antd's form engine (its store, validator, grid and styles: about 23 KB
// with brotli), for the sign-in screen, a first page where the engine was the largest part left. It does what
// that screen used of antd's Form, the same way: a field is checked on every change and every field on
// submit, the last answer of a field's check is the one shown, errors show under the field in the field's
// margin (the form does not move), the field says it is invalid and is described by its errors, and errors
// are checked again in the new language when the language changes. Every other form keeps antd's Form.

/** One field's first problem, or undefined; may download what it checks with. */
export type FieldCheck<V> = (values: V, field: keyof V & string) => Promise<string | undefined>;

export type FieldErrors<V> = Partial<Record<keyof V & string, string[]>>;

export interface PlainForm<V> {
  values: V;
  errors: FieldErrors<V>;
  /** A value as the person typed or ticked it: stored, then the field is checked with it. */
  change: <K extends keyof V & string>(field: K, value: V[K]) => void;
  /** A value set by the screen (e.g. the captcha emptied after an attempt): stored, not checked. */
  setValue: <K extends keyof V & string>(field: K, value: V[K]) => void;
  /** Errors from elsewhere (the server's field errors), shown on their fields. */
  setErrors: (errors: FieldErrors<V>) => void;
  /** Checks every field: the values when all pass, or null (the errors are then shown). */
  validate: () => Promise<V | null>;
  /** The props that tie a text input to its field: id, value, change, error state and description. */
  textField: (field: keyof V & string) => {
    id: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    status?: 'error';
    'aria-invalid'?: 'true';
    'aria-describedby'?: string;
  };
}

export const helpId = (field: string) => `${field}_help`;

export function usePlainForm<V extends Record<string, unknown>>(
  initialValues: V,
  check: FieldCheck<V>,
): PlainForm<V> {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrorState] = useState<FieldErrors<V>>({});
  // The values as of the last change (a check runs with them before React has drawn them), and one counter
  // per field so that an older check answering after a newer one is ignored.
  const latest = useRef(values);
  const checks = useRef(new Map<string, number>());
  const checkRef = useRef(check);
  checkRef.current = check;

  const runCheck = useCallback(async (field: keyof V & string): Promise<boolean> => {
    const run = (checks.current.get(field) ?? 0) + 1;
    checks.current.set(field, run);
    const problem = await checkRef.current(latest.current, field);
    if (checks.current.get(field) === run)
      setErrorState((current) => ({ ...current, [field]: problem ? [problem] : undefined }));
    return problem === undefined;
  }, []);

  const setValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
  }, []);

  const change = useCallback(
    <K extends keyof V & string>(field: K, value: V[K]) => {
      setValue(field, value);
      void runCheck(field);
    },
    [setValue, runCheck],
  );

  const setErrors = useCallback((next: FieldErrors<V>) => {
    for (const field of Object.keys(next)) checks.current.set(field, (checks.current.get(field) ?? 0) + 1);
    setErrorState((current) => ({ ...current, ...next }));
  }, []);

  const validate = useCallback(async () => {
    const fields = Object.keys(latest.current) as Array<keyof V & string>;
    const passed = await Promise.all(fields.map((field) => runCheck(field)));
    return passed.every(Boolean) ? latest.current : null;
  }, [runCheck]);

  // The errors follow the interface language: the fields that show one are checked again.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  useEffect(() => {
    if (!language) return;
    for (const [field, fieldErrors] of Object.entries(errorsRef.current) as Array<
      [keyof V & string, string[]]
    >)
      if (fieldErrors?.length) void runCheck(field);
  }, [language, runCheck]);

  const textField = (field: keyof V & string) => {
    const invalid = (errors[field]?.length ?? 0) > 0;
    return {
      id: field,
      value: String(values[field] ?? ''),
      onChange: (event: { target: { value: string } }) =>
        change(field, event.target.value as V[typeof field]),
      ...(invalid
        ? { status: 'error' as const, 'aria-invalid': 'true' as const, 'aria-describedby': helpId(field) }
        : {}),
    };
  };

  return { values, errors, change, setValue, setErrors, validate, textField };
}

/**
 * A field's row: the control, then its errors in the row's bottom margin (the rows below stay where they
 * are for a one-line error), in the error colour, with the id the control is described by.
 */
export function PlainFormItem({
  field,
  errors,
  marginBottom = 24,
  children,
}: {
  field: string;
  errors: string[] | undefined;
  marginBottom?: number;
  children: ReactNode;
}) {
  const shown = errors?.length ? errors : null;
  return (
    <div style={{ marginBottom: shown ? 0 : marginBottom }}>
      {children}
      {shown ? (
        <div
          id={helpId(field)}
          className="portal-form-explain"
          style={{ minHeight: marginBottom, color: TEXT_COLORS.loss, fontSize: 14, lineHeight: 1.5714 }}
        >
          {shown.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
