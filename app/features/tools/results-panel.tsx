import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Flex, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useFeedback } from '../../lib/feedback.tsx';
import { TEXT_COLORS } from '../../lib/theme.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const { Text, Paragraph } = Typography;

// A calculator's results: the main figure large, the others in a list, warnings, and a button that copies
// the inputs and figures as plain text.

export interface Figure {
  key: string;
  label: string;
  value: string;
  color?: string;
}

/** Copies text to the clipboard, or through a hidden text area where the Clipboard API is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

const COPIED_MS = 2_000;

export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('tools');
  const { message } = useFeedback();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="small"
      icon={copied ? <CheckOutlined style={{ color: TEXT_COLORS.gain }} /> : <CopyOutlined />}
      data-testid={testId}
      data-copied={copied ? 'true' : 'false'}
      aria-live="polite"
      onClick={() => {
        copyText(text).then(
          () => setCopied(true),
          () => void message.error(t('copy.failed')),
        );
      }}
    >
      {copied ? t('copy.done') : t('copy.button')}
    </Button>
  );
}

/** The text a copy gives: the calculator's name, its inputs, then its figures, one per line. */
export function useCopyText(): (title: string, inputs: Figure[], figures: Figure[]) => string {
  const { t } = useTranslation('tools');
  const line = (figure: Figure) => t('copy.line', { label: figure.label, value: figure.value });
  return (title, inputs, figures) => [title, ...inputs.map(line), '', ...figures.map(line)].join('\n');
}

interface ResultsPanelProps {
  title: string;
  testId: string;
  /** The figures, or null while the inputs do not give any. */
  figures: Figure[] | null;
  /** The inputs, for the copied text. */
  inputs: Figure[];
  /** Messages of the inputs that are filled but wrong (empty fields only need filling). */
  problems?: string[];
  warnings?: ReactNode[];
  note?: ReactNode;
  /** More below the figures (a table). */
  children?: ReactNode;
}

export function ResultsPanel({
  title,
  testId,
  figures,
  inputs,
  problems = [],
  warnings = [],
  note,
  children,
}: ResultsPanelProps) {
  const { t } = useTranslation('tools');
  const copyText = useCopyText();
  const [main, ...others] = figures ?? [];
  return (
    <Card
      size="small"
      title={t('results.title')}
      data-testid={testId}
      extra={
        figures ? <CopyButton text={copyText(title, inputs, figures)} testId={`${testId}-copy`} /> : null
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 16 } }}
    >
      {main ? (
        <>
          <div data-testid={`${testId}-main`}>
            <Text type="secondary">{main.label}</Text>
            <div
              data-testid={`figure-${main.key}`}
              style={{
                fontSize: 28,
                fontWeight: 600,
                lineHeight: 1.3,
                color: main.color,
                overflowWrap: 'anywhere',
              }}
            >
              {main.value}
            </div>
          </div>
          {others.length > 0 ? (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={others.map((figure) => ({
                key: figure.key,
                label: figure.label,
                children: (
                  <span data-testid={`figure-${figure.key}`} style={{ color: figure.color }}>
                    {figure.value}
                  </span>
                ),
              }))}
            />
          ) : null}
          {warnings.map((warning, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: warnings are a fixed list per render
            <Alert key={index} type="warning" showIcon title={warning} data-testid={`${testId}-warning`} />
          ))}
          {children}
        </>
      ) : problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('results.fix')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
          data-testid={`${testId}-problems`}
        />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('results.empty')}
          data-testid={`${testId}-empty`}
        />
      )}
      {note ? (
        <Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 13 }}>
          {note}
        </Paragraph>
      ) : null}
    </Card>
  );
}

/** The two halves of a calculator: its form and its results, side by side from 992 px, stacked below. */
export function CalculatorLayout({ form, results }: { form: ReactNode; results: ReactNode }) {
  const { t } = useTranslation('tools');
  return (
    <Flex gap={16} wrap align="flex-start">
      <Card size="small" title={t('inputs')} style={{ flex: '1 1 420px', minWidth: 0 }}>
        {form}
      </Card>
      <div style={{ flex: '1 1 360px', minWidth: 0 }}>{results}</div>
    </Flex>
  );
}
