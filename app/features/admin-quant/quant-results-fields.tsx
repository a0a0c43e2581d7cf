import { UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Divider,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
  theme,
  Upload,
} from 'antd';
import { useState } from 'react';
import { type FreqtradeImport, QUANT_LIMITS, type QuantResults } from '#shared/schemas/quant.ts';
import { ApiError } from '../../lib/api-client.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useImportFreqtrade } from './quant-admin-api.ts';
import { PERCENT_FIELDS, PLAIN_FIELDS, type QuantFormValues, quantForm, withImport } from './quant-form.ts';

// The strategy's results: entered by hand, or read from a freqtrade backtest result for review.

const { Text } = Typography;
const rule = (field: string) => zodRule(quantForm, field);
const RESULT_NAMES = [...PERCENT_FIELDS, ...PLAIN_FIELDS, 'periodStart', 'periodEnd', 'currency'] as const;

function ImportPanel({
  form,
  onImported,
}: {
  form: FormInstance<QuantFormValues>;
  onImported: (imported: boolean) => void;
}) {
  const { t } = useTranslation('quantAdmin');
  const importer = useImportFreqtrade();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<FreqtradeImport | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);

  const run = async (chosen: File, strategy?: string) => {
    setRefusal(null);
    try {
      const read = await importer.mutateAsync({ file: chosen, strategy });
      setFile(chosen);
      setAnswer(read);
      onImported(true);
      form.setFieldsValue(withImport(form.getFieldsValue(true) as QuantFormValues, read));
      // The figures just read replace whatever the fields said, errors included.
      form.setFields(RESULT_NAMES.map((name) => ({ name: ['results', name], errors: [] })));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setAnswer(null);
      onImported(false);
      setRefusal(error.messages.length > 0 ? error.messages : [t('form.importFailed')]);
    }
  };

  const daily = answer?.results.daily?.points.length ?? 0;
  return (
    <Flex vertical gap={8} data-testid="quant-import">
      <Text strong>{t('form.importTitle')}</Text>
      <Text type="secondary">{t('form.importHint')}</Text>
      <Flex gap={8} wrap align="center">
        <Upload
          accept=".json,application/json"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(chosen) => {
            void run(chosen);
            return false;
          }}
          data-testid="quant-import-upload"
        >
          <Button icon={<UploadOutlined />} loading={importer.isPending} data-testid="quant-import-button">
            {importer.isPending ? t('form.importing') : t('form.importButton')}
          </Button>
        </Upload>
        {file && (
          <Text type="secondary" data-testid="quant-import-file">
            {file.name}
          </Text>
        )}
      </Flex>
      {answer && answer.strategies.length > 1 && file && (
        <Flex vertical gap={4}>
          <Text>{t('form.importStrategy')}</Text>
          <Select
            value={answer.strategy}
            options={answer.strategies.map((name) => ({ value: name, label: name }))}
            onChange={(strategy: string) => void run(file, strategy)}
            disabled={importer.isPending}
            aria-label={t('form.importStrategy')}
            style={{ maxWidth: 320 }}
            data-testid="quant-import-strategy"
          />
        </Flex>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={t('form.importFailed')}
          description={refusal.join(' ')}
          data-testid="quant-import-error"
        />
      )}
      {answer && (
        <Alert
          type="success"
          showIcon
          title={t('form.imported', { strategy: answer.strategy })}
          description={
            <Flex vertical>
              <span data-testid="quant-import-period">
                {t('form.importedPeriod', {
                  start: answer.results.periodStart ?? '—',
                  end: answer.results.periodEnd ?? '—',
                })}
              </span>
              <span data-testid="quant-import-daily">
                {daily > 0 ? t('form.importedDaily', { count: daily }) : t('form.importedNoDaily')}
              </span>
            </Flex>
          }
          data-testid="quant-import-result"
        />
      )}
    </Flex>
  );
}

function Figure({
  name,
  label,
  percent,
  integer,
}: {
  name: string;
  label: string;
  percent?: boolean;
  integer?: boolean;
}) {
  const { t } = useTranslation('quantAdmin');
  return (
    <Col xs={12} md={8} xl={6}>
      <Form.Item layout="vertical" name={['results', name]} label={label} rules={[rule(`results.${name}`)]}>
        <InputNumber<number>
          controls={false}
          inputMode="decimal"
          precision={integer ? 0 : undefined}
          suffix={percent ? t('form.percent') : undefined}
          style={{ width: '100%' }}
          data-testid={`quant-result-${name}`}
        />
      </Form.Item>
    </Col>
  );
}

export function ResultsFields({ form }: { form: FormInstance<QuantFormValues> }) {
  const { t } = useTranslation('quantAdmin');
  const { token } = theme.useToken();
  const base = Form.useWatch('base', { form, preserve: true }) as QuantResults | null | undefined;
  const kept = base?.daily?.points.length ?? 0;
  // The import's own notice counts the daily points it read.
  const [imported, setImported] = useState(false);
  return (
    <Form.Item label={t('fields.results')} extra={t('form.resultsHint')}>
      <Flex
        vertical
        gap={8}
        style={{ padding: 12, borderRadius: token.borderRadiusLG, background: token.colorFillQuaternary }}
        data-testid="quant-results"
      >
        <ImportPanel form={form} onImported={setImported} />
        <Divider style={{ margin: '8px 0' }}>{t('form.manual')}</Divider>
        <Row gutter={12}>
          <Figure name="totalReturn" label={t('fields.totalReturn')} percent />
          <Figure name="annualizedReturn" label={t('fields.annualizedReturn')} percent />
          <Figure name="maxDrawdown" label={t('fields.maxDrawdown')} percent />
          <Figure name="winRate" label={t('fields.winRate')} percent />
          <Figure name="sharpe" label={t('fields.sharpe')} />
          <Figure name="sortino" label={t('fields.sortino')} />
          <Figure name="calmar" label={t('fields.calmar')} />
          <Figure name="profitFactor" label={t('fields.profitFactor')} />
          <Figure name="trades" label={t('fields.trades')} integer />
          <Figure name="startingBalance" label={t('fields.startingBalance')} />
          <Figure name="finalBalance" label={t('fields.finalBalance')} />
          <Col xs={12} md={8} xl={6}>
            <Form.Item
              layout="vertical"
              name={['results', 'currency']}
              label={t('fields.currency')}
              rules={[rule('results.currency')]}
            >
              <Input
                maxLength={QUANT_LIMITS.currency}
                placeholder="USDT"
                data-testid="quant-result-currency"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8} xl={6}>
            <Form.Item
              layout="vertical"
              name={['results', 'periodStart']}
              label={t('fields.periodStart')}
              rules={[rule('results.periodStart')]}
            >
              <DatePicker
                format="YYYY-MM-DD"
                style={{ width: '100%' }}
                data-testid="quant-result-periodStart"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8} xl={6}>
            <Form.Item
              layout="vertical"
              name={['results', 'periodEnd']}
              label={t('fields.periodEnd')}
              rules={[rule('results.periodEnd')]}
            >
              <DatePicker
                format="YYYY-MM-DD"
                style={{ width: '100%' }}
                data-testid="quant-result-periodEnd"
              />
            </Form.Item>
          </Col>
        </Row>
        {kept > 0 && !imported && (
          <Text type="secondary" data-testid="quant-daily-kept">
            {t('form.dailyKept', { count: kept })}
          </Text>
        )}
      </Flex>
    </Form.Item>
  );
}
