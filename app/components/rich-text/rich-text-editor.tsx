import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Alert, Button, Form, Input, Modal, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { IMAGE_ACCEPT, imageFileProblem, useUploadImage } from '../../lib/image-upload.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import './rich-text.css';
import { useFeedback } from '../../lib/feedback.tsx';
import { useFormLayout } from '../../lib/use-form-layout.ts';

// The article editor (Tiptap, loaded lazily: see lazy-rich-text-editor.tsx). Its HTML is cleaned by the
// server on save and by the allow-list again when shown; the editor itself only produces what the toolbar offers.

export interface RichTextEditorProps {
  /** HTML; read once when the editor starts. */
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}

const HTTPS_URL = /^https:\/\/[^\s/$.?#][^\s]*$/i;

/** Whether a link address is one the editor accepts (https only, as spec'd for the link prompt). */
export function isAcceptedLink(url: string): boolean {
  return HTTPS_URL.test(url.trim());
}

function ToolbarButton({
  label,
  icon,
  active = false,
  disabled = false,
  loading = false,
  onClick,
  testId,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        size="small"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        loading={loading}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        data-testid={`editor-${testId}`}
      />
    </Tooltip>
  );
}

function HeadingIcon({ level }: { level: 2 | 3 }) {
  return <span style={{ fontWeight: 700, fontSize: 12, letterSpacing: -0.3 }}>{`H${level}`}</span>;
}

function QuoteIcon() {
  return (
    <span
      aria-hidden
      style={{ fontWeight: 700, fontSize: 18, lineHeight: '14px', fontFamily: 'Georgia, serif' }}
    >
      ”
    </span>
  );
}

function Divider() {
  return <span className="rich-text-editor-divider" aria-hidden />;
}

export function RichTextEditor({ value, onChange, id }: RichTextEditorProps) {
  const { t } = useTranslation('teach');
  const { message } = useFeedback();
  const { status } = Form.Item.useStatus();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => /^(?:https:\/\/|mailto:)/i.test(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        // The read view's typography, so that what is written is what is read.
        class: 'rich-text',
        'aria-label': t('editor.label'),
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'rich-text-editor-content',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current?.(current.isEmpty ? '' : current.getHTML()),
  });

  // The accessible name follows the interface language. Through the options, not the view: the view may
  // not be mounted yet, and the options are applied when it is.
  const label = t('editor.label');
  useEffect(() => {
    const { editorProps } = editor.options;
    const attributes = typeof editorProps.attributes === 'object' ? editorProps.attributes : {};
    if (attributes['aria-label'] === label) return;
    editor.setOptions({
      editorProps: { ...editorProps, attributes: { ...attributes, 'aria-label': label } },
    });
  }, [editor, label]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }: { editor: Editor }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      codeBlock: current.isActive('codeBlock'),
      blockquote: current.isActive('blockquote'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
      externalImages: hasExternalImage(current),
    }),
  });

  const upload = useUploadImage();
  const fileInput = useRef<HTMLInputElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  // A fresh dialog (and form) for every opening, starting from the link under the cursor.
  const [linkKey, setLinkKey] = useState(0);

  const insertImage = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      void message.error(`${t('editor.imageFailed')}: ${t(`form.fileProblem.${problem}`)}`);
      return;
    }
    // Progress shows on the toolbar's image button (spinner, and its name says so); a loading toast would
    // only flash for a quick upload.
    try {
      const uploaded = await upload.mutateAsync(file);
      editor
        .chain()
        .focus()
        .setImage({ src: uploaded.url, alt: uploaded.name.replace(/\.[a-z0-9]+$/i, '') })
        .run();
    } catch (error) {
      const reason = error instanceof ApiError ? error.messages.join(' ') : '';
      void message.error(reason ? `${t('editor.imageFailed')}: ${reason}` : t('editor.imageFailed'));
    }
  };

  const chain = () => editor.chain().focus();

  return (
    <div
      className={`rich-text-editor${status === 'error' ? ' rich-text-editor-error' : ''}`}
      data-testid="rich-text-editor"
    >
      <div className="rich-text-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        <ToolbarButton
          testId="h2"
          // The name holds the button's visible text (WCAG 2.5.3: speech users say what they see).
          label={`${t('editor.heading2')} · H2`}
          icon={<HeadingIcon level={2} />}
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolbarButton
          testId="h3"
          label={`${t('editor.heading3')} · H3`}
          icon={<HeadingIcon level={3} />}
          active={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <Divider />
        <ToolbarButton
          testId="bold"
          label={t('editor.bold')}
          icon={<BoldOutlined />}
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolbarButton
          testId="italic"
          label={t('editor.italic')}
          icon={<ItalicOutlined />}
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <Divider />
        <ToolbarButton
          testId="bullet-list"
          label={t('editor.bulletList')}
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolbarButton
          testId="ordered-list"
          label={t('editor.orderedList')}
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Divider />
        <ToolbarButton
          testId="link"
          label={t('editor.link')}
          icon={<LinkOutlined />}
          active={state.link}
          onClick={() => {
            setLinkKey((key) => key + 1);
            setLinkOpen(true);
          }}
        />
        <ToolbarButton
          testId="image"
          label={upload.isPending ? t('editor.imageUploading') : t('editor.image')}
          icon={<PictureOutlined />}
          loading={upload.isPending}
          onClick={() => fileInput.current?.click()}
        />
        <ToolbarButton
          testId="code-block"
          label={t('editor.codeBlock')}
          icon={<CodeOutlined />}
          active={state.codeBlock}
          onClick={() => chain().toggleCodeBlock().run()}
        />
        <ToolbarButton
          testId="blockquote"
          label={t('editor.blockquote')}
          icon={<QuoteIcon />}
          active={state.blockquote}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <Divider />
        <ToolbarButton
          testId="undo"
          label={t('editor.undo')}
          icon={<UndoOutlined />}
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <ToolbarButton
          testId="redo"
          label={t('editor.redo')}
          icon={<RedoOutlined />}
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        />
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid="editor-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} />
      {state.externalImages ? (
        <Alert
          type="info"
          showIcon
          title={t('editor.externalImages')}
          data-testid="editor-external-images"
          className="rich-text-editor-note"
        />
      ) : null}
      <LinkDialog key={linkKey} editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
    </div>
  );
}

/**
 * Whether the text shows an image of another site (pasted in). The page does not load those (the CSP allows
 * the portal's images only); the server copies them into the portal when the text is saved.
 */
function hasExternalImage(editor: Editor): boolean {
  let found = false;
  editor.state.doc.descendants((node) => {
    if (found) return false;
    if (node.type.name === 'image' && /^https:\/\//i.test(String(node.attrs.src ?? ''))) found = true;
    return !found;
  });
  return found;
}

/** Asks for an https address and links the selection (or inserts the address as a link). */
function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('teach');
  const [form] = Form.useForm<{ url: string }>();
  const active = editor.isActive('link');
  const current = editor.getAttributes('link').href as string | undefined;

  const apply = ({ url }: { url: string }) => {
    const href = url.trim();
    const { empty } = editor.state.selection;
    if (empty && !active) {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('editor.linkTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        active ? (
          <Button
            key="remove"
            danger
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
            data-testid="link-remove"
          >
            {t('editor.linkRemove')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('editor.linkCancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={() => form.submit()} data-testid="link-ok">
          {t('editor.linkOk')}
        </Button>,
      ]}
    >
      <Form form={form} {...formLayout} onFinish={apply} initialValues={{ url: current ?? 'https://' }}>
        <Form.Item
          name="url"
          label={t('editor.linkUrl')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (!value || !isAcceptedLink(value)) throw new Error(t('editor.linkInvalid'));
              },
            },
          ]}
        >
          <Input inputMode="url" autoFocus data-testid="link-url" onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
