import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

// Tiptap and ProseMirror are large: they load only when a page shows the editor, never for readers.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })),
);

function EditorLoading() {
  const { t } = useTranslation('teach');
  return (
    <div
      role="status"
      aria-label={t('editor.loading')}
      data-testid="rich-text-editor-loading"
      style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 16 }}
    >
      <Skeleton active paragraph={{ rows: 6 }} title={false} />
    </div>
  );
}

/** The article editor, fetched on first use. Works as an antd Form control (value / onChange). */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
