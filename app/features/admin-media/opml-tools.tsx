import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tag, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { message as messageOf } from '#shared/messages.ts';
import type { OpmlImportResult } from '#shared/schemas/media.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useImportOpml } from './media-admin-api.ts';
import { useExportOpml } from './opml-export.ts';

const { Text } = Typography;

/** One line per feed of an import: its address, and why it was skipped or refused. */
function ResultList({
  rows,
  color,
  label,
  testId,
}: {
  rows: { url: string; why?: string }[];
  color: string;
  label: string;
  testId: string;
}) {
  if (rows.length === 0) return null;
  return (
    <Flex vertical gap={2} data-testid={testId}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an invalid feed may lack an address; the order is fixed.
        <Flex key={index} gap={6} align="baseline" wrap style={{ minWidth: 0 }}>
          <Tag color={color} style={{ marginInlineEnd: 0 }}>
            {label}
          </Tag>
          <Text style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{row.url || '—'}</Text>
          {row.why && <Text type="secondary">{row.why}</Text>}
        </Flex>
      ))}
    </Flex>
  );
}

function ImportResult({ result, onClose }: { result: OpmlImportResult; onClose: () => void }) {
  const { t } = useTranslation('mediaAdmin');
  const locale = currentLocale();
  return (
    <Alert
      type={result.invalid.length > 0 ? 'warning' : 'success'}
      showIcon
      closable={{ onClose }}
      title={t('opml.result', {
        added: result.added.length,
        skipped: result.skipped.length,
        invalid: result.invalid.length,
      })}
      description={
        <Flex vertical gap={4} style={{ maxHeight: 240, overflowY: 'auto' }}>
          <ResultList
            rows={result.added.map((row) => ({ url: row.url, why: row.title }))}
            color="green"
            label={t('opml.added')}
            testId="opml-added"
          />
          <ResultList
            rows={result.skipped.map((row) => ({ url: row.url, why: t(`opml.reasons.${row.reason}`) }))}
            color="default"
            label={t('opml.skipped')}
            testId="opml-skipped"
          />
          <ResultList
            // The reason is a key of shared/messages.ts: said in the interface language.
            rows={result.invalid.map((row) => ({
              url: row.url || row.title,
              why: messageOf(row.reason, locale),
            }))}
            color="red"
            label={t('opml.invalid')}
            testId="opml-invalid"
          />
        </Flex>
      }
      data-testid="opml-result"
    />
  );
}

/**
 * OPML export (a download) and import (a file upload), after `children` (the page's other buttons) in one
 * row, with what the import did with each feed below it.
 */
export function OpmlTools({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('mediaAdmin');
  const { message } = useFeedback();
  const importer = useImportOpml();
  const exporter = useExportOpml();
  const [result, setResult] = useState<OpmlImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const upload = async (file: File) => {
    setRefusal(null);
    setResult(null);
    try {
      setResult(await importer.mutateAsync(file));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error.messages.join(' ') || t('opml.importFailed'));
    }
  };

  const download = async () => {
    try {
      await exporter.mutateAsync();
    } catch (error) {
      void message.error(`${t('opml.exportFailed')}: ${error instanceof Error ? error.message : ''}`);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        {children}
        <Upload
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
          data-testid="opml-upload"
        >
          <Button icon={<UploadOutlined />} loading={importer.isPending} data-testid="opml-import">
            {importer.isPending ? t('opml.importing') : t('opml.import')}
          </Button>
        </Upload>
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          onClick={() => void download()}
          data-testid="opml-export"
        >
          {t('opml.export')}
        </Button>
      </Flex>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={t('opml.importFailed')}
          description={refusal}
          data-testid="opml-error"
        />
      )}
      {result && <ImportResult result={result} onClose={() => setResult(null)} />}
    </Flex>
  );
}
