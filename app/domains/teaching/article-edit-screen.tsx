import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Skeleton, Typography } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { ArticleForm } from './article-form.tsx';
import { articleIdOf } from './article-params.ts';
import { rowFromState } from './edit-state.ts';
import { useArticle } from './teaching-api.ts';

const { Title, Text } = Typography;

/**
 * Publish (no `?id=`) or edit (`?id=`) an article, then go back to the list. The list's row, passed with the
 * navigation, names the article at once; the full article (with its text) is loaded fresh for the form.
 */
export function ArticleEditScreen({
  audience,
  listPath,
  titles,
  documentTitle,
}: {
  audience: 'admin' | 'member';
  listPath: string;
  titles: { add: string; edit: string; back: string };
  /** Suffix of the document title (the area's name). */
  documentTitle: string;
}) {
  const { t } = useTranslation('teach');
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const id = articleIdOf(search);
  const row = rowFromState(location.state, id);
  const article = useArticle(id, { fresh: true });
  const editing = id !== null;
  const heading = editing ? titles.edit : titles.add;
  const name = article.data?.headLine ?? row?.headLine;
  const back = () => navigate(listPath);

  return (
    <div data-testid="article-edit-screen">
      <title>{`${heading} · ${documentTitle}`}</title>
      <LinkButton type="link" to={listPath} icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        {titles.back}
      </LinkButton>
      <Flex vertical gap={2} style={{ margin: '4px 0 20px' }}>
        <Title level={4} style={{ margin: 0 }}>
          {heading}
        </Title>
        {editing && name ? (
          <Text type="secondary" data-testid="editing-name">
            {t('admin.editing', { title: name })}
          </Text>
        ) : null}
      </Flex>
      {!editing ? (
        <ArticleForm audience={audience} onDone={back} onCancel={back} />
      ) : article.isError ? (
        <QueryError onRetry={() => void article.refetch()} />
      ) : article.data && article.isFetchedAfterMount ? (
        <ArticleForm
          key={article.data.id}
          audience={audience}
          article={article.data}
          onDone={back}
          onCancel={back}
        />
      ) : (
        <div role="status" aria-label={t('form.loadingArticle')} data-testid="article-edit-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      )}
    </div>
  );
}
