import { Collapse, Form } from 'antd';
import {
  type LiquidationInput,
  liquidationPrice,
  type MarginMode,
} from '#shared/calculators/liquidation-price.ts';
import type { BracketDraft, MaintenanceBracket } from '#shared/calculators/maintenance-brackets.ts';
import type { Side } from '#shared/calculators/validation.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  type CheckFields,
  ChoiceField,
  NumberField,
  SideField,
  useCalculatorForm,
  useProblems,
} from './calculator-fields.tsx';
import { CalculatorLayout, type Figure, ResultsPanel } from './results-panel.tsx';
import { TierTable } from './tier-table.tsx';
import { formatAmount, formatNumber, formatPercent, formatPrice, formatQuantity } from './tools-format.ts';

interface Values {
  side: Side;
  marginMode: MarginMode;
  entryPrice: number | null;
  quantity: number | null;
  leverage: number | null;
  addedMargin: number | null;
  walletBalance: number | null;
  otherMaintenanceMargin: number | null;
  otherUnrealizedPnl: number | null;
}

const INITIAL: Values = {
  side: 'long',
  marginMode: 'isolated',
  entryPrice: null,
  quantity: null,
  leverage: 20,
  addedMargin: null,
  walletBalance: null,
  otherMaintenanceMargin: null,
  otherUnrealizedPnl: null,
};

const inputOf = (values: Values, brackets: readonly MaintenanceBracket[]): LiquidationInput => ({
  ...values,
  brackets,
});

/** 2. Liquidation price of a USDⓈ-M position in one-way mode, isolated or cross, over editable tiers. */
export function LiquidationCalculator({
  brackets,
  drafts,
  onDraftsChange,
}: {
  /** The tiers as edited, or null while the table has mistakes. */
  brackets: MaintenanceBracket[] | null;
  drafts: BracketDraft[];
  onDraftsChange: (drafts: BracketDraft[]) => void;
}) {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const layout = useFormLayout();
  const problemsOf = useProblems();
  const { form, values } = useCalculatorForm(INITIAL);
  const isolated = values.marginMode === 'isolated';
  const tiers = brackets ?? [];

  const check: CheckFields = (raw) => {
    if (!brackets) return {};
    const outcome = liquidationPrice(inputOf({ ...INITIAL, ...(raw as Partial<Values>) }, brackets));
    return outcome.ok ? {} : outcome.errors;
  };

  const labels = {
    entryPrice: t('liquidation.fields.entryPrice'),
    quantity: t('liquidation.fields.quantity'),
    leverage: t('liquidation.fields.leverage'),
    addedMargin: t('liquidation.fields.addedMargin'),
    walletBalance: t('liquidation.fields.walletBalance'),
    otherMaintenanceMargin: t('liquidation.fields.otherMaintenanceMargin'),
    otherUnrealizedPnl: t('liquidation.fields.otherUnrealizedPnl'),
  };
  const inputs: Figure[] = [
    { key: 'side', label: t('side.label'), value: t(`side.${values.side}`) },
    {
      key: 'marginMode',
      label: t('liquidation.marginMode.label'),
      value: t(`liquidation.marginMode.${values.marginMode}`),
    },
    { key: 'entryPrice', label: labels.entryPrice, value: formatPrice(locale, values.entryPrice) },
    { key: 'quantity', label: labels.quantity, value: formatQuantity(locale, values.quantity) },
    ...(isolated
      ? [
          { key: 'leverage', label: labels.leverage, value: `${formatNumber(locale, values.leverage)}×` },
          {
            key: 'addedMargin',
            label: labels.addedMargin,
            value: formatAmount(locale, values.addedMargin ?? 0),
          },
        ]
      : [
          {
            key: 'walletBalance',
            label: labels.walletBalance,
            value: formatAmount(locale, values.walletBalance),
          },
          {
            key: 'otherMaintenanceMargin',
            label: labels.otherMaintenanceMargin,
            value: formatAmount(locale, values.otherMaintenanceMargin ?? 0),
          },
          {
            key: 'otherUnrealizedPnl',
            label: labels.otherUnrealizedPnl,
            value: formatAmount(locale, values.otherUnrealizedPnl ?? 0, true),
          },
        ]),
  ];

  const tierText = (index: number) => {
    const tier = tiers[index];
    if (!tier) return '';
    return t('liquidation.results.tierValue', {
      level: index + 1,
      rate: formatPercent(locale, tier.maintenanceMarginRate),
      amount: `${formatAmount(locale, tier.maintenanceAmount)} USDT`,
    });
  };

  let figures: Figure[] | null = null;
  let problems: string[] = [];
  const warnings: string[] = [];
  if (brackets) {
    const outcome = liquidationPrice(inputOf(values, brackets));
    if (outcome.ok) {
      const result = outcome.value;
      figures = [
        {
          key: 'liquidationPrice',
          label: t('liquidation.results.liquidationPrice'),
          value:
            result.liquidationPrice === null
              ? t('liquidation.results.none')
              : `${formatPrice(locale, result.liquidationPrice)} USDT`,
        },
        {
          key: 'distance',
          label: t('liquidation.results.distance'),
          value: formatPercent(locale, result.distance, true),
        },
        {
          key: 'notional',
          label: t('liquidation.results.notional'),
          value: `${formatAmount(locale, result.notional)} USDT`,
        },
        {
          key: 'walletBalance',
          label: t('liquidation.results.walletBalance'),
          value: `${formatAmount(locale, result.walletBalance)} USDT`,
        },
        {
          key: 'maintenanceMargin',
          label: t('liquidation.results.maintenanceMargin'),
          value: `${formatAmount(locale, result.maintenanceMarginAtEntry)} USDT`,
        },
        {
          key: 'entryTier',
          label: t('liquidation.results.entryTier'),
          value: tierText(result.entryBracketIndex),
        },
        ...(result.bracketIndex === result.entryBracketIndex
          ? []
          : [{ key: 'tier', label: t('liquidation.results.tier'), value: tierText(result.bracketIndex) }]),
      ];
      if (result.bracketIndex !== result.entryBracketIndex) warnings.push(t('liquidation.tierChanged'));
      if (result.liquidatedAtEntry) warnings.push(t('liquidation.liquidatedAtEntry'));
    } else problems = problemsOf(outcome.errors, labels);
  } else problems = [t('tiers.invalid')];

  const dependent = ['entryPrice', 'quantity'];
  return (
    <>
      <CalculatorLayout
        form={
          <Form form={form} initialValues={INITIAL} {...layout} data-testid="liquidation-form">
            <SideField testId="liq-side" />
            <ChoiceField
              name="marginMode"
              label={t('liquidation.marginMode.label')}
              testId="liq-mode"
              options={[
                { value: 'isolated', label: t('liquidation.marginMode.isolated') },
                { value: 'cross', label: t('liquidation.marginMode.cross') },
              ]}
            />
            <NumberField
              name="entryPrice"
              label={labels.entryPrice}
              check={check}
              suffix="USDT"
              testId="liq-entry"
              priceFill
            />
            <NumberField
              name="quantity"
              label={labels.quantity}
              check={check}
              testId="liq-quantity"
              dependencies={['entryPrice']}
            />
            {isolated ? (
              <>
                <NumberField
                  name="leverage"
                  label={labels.leverage}
                  check={check}
                  suffix={t('units.times')}
                  testId="liq-leverage"
                />
                <NumberField
                  name="addedMargin"
                  label={labels.addedMargin}
                  check={check}
                  suffix="USDT"
                  required={false}
                  help={t('liquidation.fields.addedMarginHelp')}
                  testId="liq-added-margin"
                />
              </>
            ) : (
              <>
                <NumberField
                  name="walletBalance"
                  label={labels.walletBalance}
                  check={check}
                  suffix="USDT"
                  testId="liq-wallet"
                  dependencies={dependent}
                />
                <NumberField
                  name="otherMaintenanceMargin"
                  label={labels.otherMaintenanceMargin}
                  check={check}
                  suffix="USDT"
                  required={false}
                  testId="liq-other-mm"
                />
                <NumberField
                  name="otherUnrealizedPnl"
                  label={labels.otherUnrealizedPnl}
                  check={check}
                  suffix="USDT"
                  required={false}
                  help={t('liquidation.fields.othersHelp')}
                  testId="liq-other-pnl"
                />
              </>
            )}
          </Form>
        }
        results={
          <ResultsPanel
            title={t('tabs.liquidation')}
            testId="liquidation-results"
            figures={figures}
            inputs={inputs}
            problems={problems}
            warnings={warnings}
            note={t('liquidation.note')}
          />
        }
      />
      <Collapse
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'tiers',
            label: <span data-testid="tier-toggle">{t('tiers.title')}</span>,
            children: <TierTable drafts={drafts} onChange={onDraftsChange} />,
          },
        ]}
      />
    </>
  );
}
