import { Button, Form, type FormRule, InputNumber, Segmented } from 'antd';
import type { ReactNode } from 'react';
import type { FieldError, FieldErrors } from '#shared/calculators/validation.ts';
import { useRevalidateOnLanguageChange } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type MarketPrice, useMarketPrice } from './market-price.tsx';
import { formatNumber, formatPrice } from './tools-format.ts';

// The pieces every calculator's form is made of. A field's rule runs the calculator itself on the form's
// values and shows the error the calculator names for that field, so the page checks exactly what the
// shared function checks, in the interface language.

/** Runs the calculator on the form's values and answers its field errors (none when it computes). */
export type CheckFields = (values: Record<string, unknown>) => FieldErrors<string>;

/** The message of a calculator's error code, its numbers written in the interface language. */
export function useFieldErrorText(): (error: FieldError) => string {
  const { t } = useTranslation('tools');
  return (error) => {
    const locale = currentLocale();
    const param = (name: string) => formatNumber(locale, error.params?.[name]);
    return t(`errors.${error.code}`, {
      min: param('min'),
      max: param('max'),
      cap: param('cap'),
      limit: param('limit'),
    });
  };
}

function calculatorRule(check: CheckFields, name: string, text: (error: FieldError) => string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const error = check(getFieldsValue(true))[name];
      if (error) throw new Error(text(error));
    },
  });
}

interface NumberFieldProps {
  name: string;
  label: ReactNode;
  check: CheckFields;
  testId: string;
  required?: boolean;
  suffix?: ReactNode;
  help?: ReactNode;
  /** Fields whose change can change this field's error (cross-field rules). */
  dependencies?: string[];
  /** Offers the chosen symbol's last price (market bar) as this field's value. */
  priceFill?: boolean;
}

/** A number input whose errors are the calculator's own. */
export function NumberField({
  name,
  label,
  check,
  testId,
  required = true,
  suffix,
  help,
  dependencies,
  priceFill = false,
}: NumberFieldProps) {
  const errorText = useFieldErrorText();
  const market = useMarketPrice();
  const fill =
    priceFill && market ? <LastPriceButton name={name} market={market} testId={`${testId}-fill`} /> : null;
  return (
    <Form.Item
      name={name}
      label={label}
      required={required}
      dependencies={dependencies}
      rules={[calculatorRule(check, name, errorText)]}
      extra={
        help || fill ? (
          <>
            {help}
            {fill}
          </>
        ) : undefined
      }
    >
      <InputNumber<number>
        style={{ width: '100%' }}
        controls={false}
        inputMode="decimal"
        suffix={suffix}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** "Use last price 64,210.5": shown while the market bar has a price. */
function LastPriceButton({ name, market, testId }: { name: string; market: MarketPrice; testId: string }) {
  const { t } = useTranslation('tools');
  const form = Form.useFormInstance();
  return (
    <div>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        data-testid={testId}
        onClick={() => {
          form.setFieldValue(name, market.price);
          void form.validateFields([name]).catch(() => undefined);
        }}
      >
        {t('market.fill', { price: `${market.symbol} ${formatPrice(currentLocale(), market.price)}` })}
      </Button>
    </div>
  );
}

/** Long or short. */
export function SideField({ testId }: { testId: string }) {
  const { t } = useTranslation('tools');
  return (
    <Form.Item name="side" label={t('side.label')}>
      <Segmented
        data-testid={testId}
        options={[
          { value: 'long', label: <span data-testid={`${testId}-long`}>{t('side.long')}</span> },
          { value: 'short', label: <span data-testid={`${testId}-short`}>{t('side.short')}</span> },
        ]}
      />
    </Form.Item>
  );
}

/** A choice between a few options, as a segmented control. */
export function ChoiceField({
  name,
  label,
  testId,
  options,
}: {
  name: string;
  label: ReactNode;
  testId: string;
  options: Array<{ value: string | number; label: ReactNode }>;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Segmented
        data-testid={testId}
        options={options.map((option) => ({
          value: option.value,
          label: <span data-testid={`${testId}-${option.value}`}>{option.label}</span>,
        }))}
      />
    </Form.Item>
  );
}

/** The form of a calculator and its current values (the initial ones until the form has mounted). */
export function useCalculatorForm<V extends object>(initial: V) {
  const [form] = Form.useForm<V>();
  useRevalidateOnLanguageChange(form);
  const watched = Form.useWatch((values: V) => values, { form, preserve: true });
  return { form, values: { ...initial, ...watched } as V };
}

/** "Label: message" for each field that is filled but wrong (an empty field only needs filling). */
export function useProblems(): (errors: FieldErrors<string>, labels: Record<string, string>) => string[] {
  const errorText = useFieldErrorText();
  const { t } = useTranslation('tools');
  return (errors, labels) =>
    Object.entries(errors)
      .filter(
        (entry): entry is [string, FieldError] => entry[1] !== undefined && entry[1].code !== 'required',
      )
      .map(([field, error]) => t('copy.line', { label: labels[field] ?? field, value: errorText(error) }));
}
