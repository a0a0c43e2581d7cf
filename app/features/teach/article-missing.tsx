import { FileSearchOutlined } from '@ant-design/icons';
import { StatusNotice } from '../../components/status-notice.tsx';
import { BRAND_COLORS } from '../../lib/theme.ts';

/**
 * A tutorial that cannot be shown: no id in the address, or none with that id (404). Drawn as the other
 * notices are, with a document-search sign: antd's Result brought its 404 illustration (8.5 KB) with it.
 */
export function ArticleMissing({ text, testId }: { text: string; testId: string }) {
  return (
    <StatusNotice
      testId={testId}
      icon={
        <span
          aria-hidden
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 112,
            height: 112,
            borderRadius: '50%',
            background: '#e8effd',
            color: BRAND_COLORS.primary,
            fontSize: 52,
          }}
        >
          <FileSearchOutlined />
        </span>
      }
      title="404"
      subtitle={text}
    />
  );
}
