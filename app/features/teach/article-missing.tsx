import { Result } from 'antd';

/** A tutorial that cannot be shown: no id in the address, or none with that id (404). */
export function ArticleMissing({ text, testId }: { text: string; testId: string }) {
  return <Result status="404" title="404" subTitle={text} data-testid={testId} />;
}
