import { Button, Modal, Typography } from 'antd';
import { currentLocale } from '../../lib/i18n.ts';
import { htmlLangFor } from '../../lib/locale.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { LocalizedLegalDocument } from './legal/legal-document.ts';

const { Title, Paragraph, Text } = Typography;

/** A legal text in full (spec §1), in the interface language, in a scrollable dialog. */
export function LegalDocumentModal({
  document,
  open,
  onClose,
  testId,
}: {
  document: LocalizedLegalDocument;
  open: boolean;
  onClose: () => void;
  testId: string;
}) {
  // useTranslation re-renders the dialog when the language changes.
  const { t } = useTranslation('auth');
  const locale = currentLocale();
  const text = document[locale];
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={760}
      centered
      title={text.title}
      footer={
        <Button type="primary" onClick={onClose} data-testid={`${testId}-close`}>
          {t('legal.close')}
        </Button>
      }
    >
      <article
        data-testid={testId}
        lang={htmlLangFor(locale)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls inside the dialog; keyboard users focus it to scroll it (WCAG 2.1.1).
        tabIndex={0}
        aria-label={text.title}
        style={{ maxHeight: '68vh', overflowY: 'auto', paddingInlineEnd: 8 }}
      >
        <Text type="secondary">{text.version}</Text>
        {text.intro.map((paragraph) => (
          <Paragraph key={paragraph} style={{ marginTop: 12 }}>
            {paragraph}
          </Paragraph>
        ))}
        {text.sections.map((section) => (
          <section key={section.heading}>
            <Title level={5} style={{ marginTop: 20 }}>
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Paragraph key={paragraph} style={{ marginBottom: 8 }}>
                {paragraph}
              </Paragraph>
            ))}
            {section.items ? (
              <ul style={{ margin: '0 0 8px', paddingInlineStart: 22, lineHeight: 1.8 }}>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </article>
    </Modal>
  );
}
