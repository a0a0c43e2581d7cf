import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { LinkButton } from './link-button.tsx';
import { QueryError } from './query-error.tsx';

const { Title, Text } = Typography;

/**
 * The frame of an admin add/edit page: a back link to the list, the heading and an introduction, then the
 * form. Editing, it waits for the record (`query`), and says so when the id is not a number or the record
 * does not exist (404), or offers to try again; adding, the form starts empty.
 */
export function AdminEditPage<T extends { id: number }>({
  testId,
  listPath,
  texts,
  editing,
  id,
  query,
  form,
}: {
  testId: string;
  listPath: string;
  /** The page's texts, in its namespace. */
  texts: { heading: string; intro: string; back: string; notFound: string };
  /** The address names a record (edit/:id), valid or not. */
  editing: boolean;
  /** Its id, or null when the address does not name one that can exist. */
  id: number | null;
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;
  /** The form, for a new record (null) or the one loaded. */
  form: (record: T | null) => ReactNode;
}) {
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();

  let body: ReactNode;
  if (!editing) body = form(null);
  else if (id === null) body = <Result status="404" title={texts.notFound} />;
  else if (query.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (query.isError || !query.data) {
    body =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <Result status="404" title={texts.notFound} />
      ) : (
        <QueryError onRetry={() => void query.refetch()} />
      );
  } else body = form(query.data);

  return (
    <div data-testid={testId}>
      <title>{`${texts.heading} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
        <LinkButton type="text" to={listPath} icon={<ArrowLeftOutlined />} aria-label={texts.back} />
        <div style={{ minWidth: 0 }}>
          <Title level={4} style={{ margin: 0 }}>
            {texts.heading}
          </Title>
          <Text type="secondary">{texts.intro}</Text>
        </div>
      </Flex>
      <Card>{body}</Card>
    </div>
  );
}
