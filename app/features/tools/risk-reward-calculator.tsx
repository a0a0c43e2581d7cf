import { Form } from 'antd';
import { riskReward } from '#shared/calculators/risk-reward.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type CheckFields, NumberField, useCalculatorForm, useProblems } from './calculator-fields.tsx';
import { CalculatorLayout, type Figure, ResultsPanel } from './results-panel.tsx';
import { formatNumber, formatPercent, formatPrice } from './tools-format.ts';

interface Values {
  entryPrice: number | null;
  stopPrice: number | null;
  targetPrice: number | null;
}

const INITIAL: Values = { entryPrice: null, stopPrice: null, targetPrice: null };

const check: CheckFields = (values) => {
  const outcome = riskReward({ ...INITIAL, ...(values as Partial<Values>) });
  return outcome.ok ? {} : outcome.errors;
};

/** 7. Risk/reward of a trade: R multiple and the win rate it needs to break even. */
export function RiskRewardCalculator() {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const layout = useFormLayout();
  const problemsOf = useProblems();
  const { form, values } = useCalculatorForm(INITIAL);

  const labels = {
    entryPrice: t('riskReward.fields.entryPrice'),
    stopPrice: t('riskReward.fields.stopPrice'),
    targetPrice: t('riskReward.fields.targetPrice'),
  };
  const inputs: Figure[] = (['entryPrice', 'stopPrice', 'targetPrice'] as const).map((key) => ({
    key,
    label: labels[key],
    value: formatPrice(locale, values[key]),
  }));

  let figures: Figure[] | null = null;
  let problems: string[] = [];
  const outcome = riskReward(values);
  if (outcome.ok) {
    const result = outcome.value;
    figures = [
      {
        key: 'rMultiple',
        label: t('riskReward.results.rMultiple'),
        value: t('riskReward.rValue', { value: formatNumber(locale, result.rMultiple) }),
      },
      {
        key: 'breakEven',
        label: t('riskReward.results.breakEven'),
        value: formatPercent(locale, result.breakEvenWinRate),
      },
      { key: 'direction', label: t('riskReward.results.direction'), value: t(`side.${result.side}`) },
      {
        key: 'risk',
        label: t('riskReward.results.risk'),
        value: `${formatPrice(locale, result.risk)} (${formatPercent(locale, result.riskFraction)})`,
      },
      {
        key: 'reward',
        label: t('riskReward.results.reward'),
        value: `${formatPrice(locale, result.reward)} (${formatPercent(locale, result.rewardFraction)})`,
      },
    ];
  } else problems = problemsOf(outcome.errors, labels);

  return (
    <CalculatorLayout
      form={
        <Form form={form} initialValues={INITIAL} {...layout} data-testid="risk-reward-form">
          <NumberField
            name="entryPrice"
            label={labels.entryPrice}
            check={check}
            suffix="USDT"
            testId="rr-entry"
            priceFill
          />
          <NumberField
            name="stopPrice"
            label={labels.stopPrice}
            check={check}
            suffix="USDT"
            testId="rr-stop"
            dependencies={['entryPrice']}
          />
          <NumberField
            name="targetPrice"
            label={labels.targetPrice}
            check={check}
            suffix="USDT"
            testId="rr-target"
            dependencies={['entryPrice', 'stopPrice']}
          />
        </Form>
      }
      results={
        <ResultsPanel
          title={t('tabs.riskReward')}
          testId="risk-reward-results"
          figures={figures}
          inputs={inputs}
          problems={problems}
          note={t('riskReward.note')}
        />
      }
    />
  );
}
