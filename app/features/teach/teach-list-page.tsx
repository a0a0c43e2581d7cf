import { ReadOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { TEACH_PAGE_SIZE } from '#shared/constants.ts';
import type { ArticleSummary } from '#shared/schemas/teaching.ts';
import { ColorTag } from '../../components/color-tag.tsx';
import { Pager } from '../../components/pager.tsx';
import { Panel } from '../../components/panel.tsx';
import { PersonPicture } from '../../components/person-picture.tsx';
import { PlaceholderLines } from '../../components/placeholder.tsx';
import { Heading, Paragraph, Text } from '../../components/prose.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { Stack } from '../../components/stack.tsx';
import { ArticleCounters } from '../../domains/teaching/article-counters.tsx';
import { CategoryFilter } from '../../domains/teaching/category-filter.tsx';
import { categoryPath, lastOfPath } from '../../domains/teaching/category-paths.ts';
import { readableDate } from '../../domains/teaching/dates.ts';
import { useArticlePage, useCategoryTree } from '../../domains/teaching/teaching-api.ts';
import { safeImageUrl } from '../../lib/safe-image-url.ts';
import { BRAND_COLORS } from '../../lib/theme.ts';
import { useScreen } from '../../lib/use-media-query.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** Reads the list's filters from the address, so that a filtered page can be shared and survives a reload. */
export function teachListFilters(search: URLSearchParams) {
  const category = Number(search.get('category'));
  const page = Number(search.get('page'));
  return {
    category: Number.isInteger(category) && category > 0 ? category : undefined,
    title: (search.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** /teach: approved tutorials, 10 a page (spec §9), filtered by category and title. Open to everyone. */
export function TeachListPage() {
  const { t } = useTranslation('teach');
  const { t: tCommon } = useTranslation();
  const phone = !useScreen('sm');
  const [search, setSearch] = useSearchParams();
  const filters = teachListFilters(search);
  const tree = useCategoryTree();
  const page = useArticlePage({
    pageSize: TEACH_PAGE_SIZE,
    current: filters.page,
    ...(filters.title ? { headLine: filters.title } : {}),
    ...(filters.category ? { classification: filters.category } : {}),
  });

  const update = (changes: { category?: number | undefined; title?: string; page?: number }) => {
    const next = { ...filters, page: 1, ...changes };
    const params = new URLSearchParams();
    if (next.category) params.set('category', String(next.category));
    if (next.title) params.set('q', next.title);
    if (next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const filtered = Boolean(filters.category || filters.title);

  return (
    <div
      data-testid="teach-list"
      style={{
        width: '100%',
        maxWidth: 1200,
        margin: '0 auto',
        padding: phone ? '16px 12px 32px' : '32px 24px 48px',
      }}
    >
      <title>{`${t('list.documentTitle')} · ${tCommon('product.name')}`}</title>
      <Stack vertical gap={4} style={{ marginBottom: 20 }}>
        <Heading level={2} style={{ margin: 0, fontSize: phone ? 22 : 28 }}>
          <ReadOutlined style={{ color: BRAND_COLORS.gold, marginInlineEnd: 10 }} />
          {t('list.heading')}
        </Heading>
        <Text secondary>{t('list.subtitle')}</Text>
      </Stack>

      <Panel padding={phone ? 12 : 16} style={{ marginBottom: 20 }}>
        <Stack gap={12} wrap align="center">
          <CategoryFilter
            tree={tree.data ?? []}
            value={categoryPath(tree.data ?? [], filters.category)}
            onChange={(path) => update({ category: lastOfPath(path) })}
            width={phone ? '100%' : 260}
            ariaLabel={t('fields.classification')}
            testId="teach-category-filter"
          />
          <SearchField
            key={filters.title}
            defaultValue={filters.title}
            placeholder={t('list.searchPlaceholder')}
            buttonText={t('list.search')}
            onSearch={(value) => update({ title: value.trim() })}
            style={{ width: phone ? '100%' : 340 }}
            testId="teach-search"
          />
          {page.data ? (
            <Text secondary style={{ marginInlineStart: 'auto' }} testId="teach-total">
              {t('list.total', { count: page.data.total })}
            </Text>
          ) : null}
        </Stack>
      </Panel>

      {page.isPending ? (
        <Stack vertical gap={16} testId="teach-list-loading">
          {[0, 1, 2].map((key) => (
            <Panel key={key}>
              <PlaceholderLines rows={3} />
            </Panel>
          ))}
        </Stack>
      ) : page.isError ? (
        <QueryError onRetry={() => void page.refetch()} />
      ) : page.data.records.length === 0 ? (
        <Panel>
          <Empty
            data-testid="teach-empty"
            description={filtered ? t('list.emptyFiltered') : t('list.empty')}
            style={{ padding: '32px 0' }}
          >
            {filtered ? (
              <Button onClick={() => setSearch(new URLSearchParams())}>{t('list.clearFilters')}</Button>
            ) : null}
          </Empty>
        </Panel>
      ) : (
        <>
          <Stack vertical gap={16} style={{ opacity: page.isPlaceholderData ? 0.6 : 1 }}>
            {page.data.records.map((article) => (
              <ArticleCard key={article.id} article={article} phone={phone} />
            ))}
          </Stack>
          <Pager
            style={{ marginTop: 24 }}
            current={filters.page}
            pageSize={TEACH_PAGE_SIZE}
            total={page.data.total}
            onChange={(next) => {
              update({ ...filters, page: next });
              window.scrollTo({ top: 0 });
            }}
            testId="teach-pagination"
          />
        </>
      )}
    </div>
  );
}

function ArticleCard({ article, phone }: { article: ArticleSummary; phone: boolean }) {
  const { t } = useTranslation('teach');
  const to = `/teach-detail?id=${article.id}`;
  const cover = safeImageUrl(article.picture);
  return (
    <Panel hoverable padding={phone ? 12 : 20} testId="teach-card">
      <Stack gap={phone ? 12 : 24} vertical={phone} align="stretch">
        {cover ? (
          <Link to={to} tabIndex={-1} aria-hidden style={{ flexShrink: 0, order: phone ? 0 : 1 }}>
            <img
              src={cover}
              alt=""
              style={{
                display: 'block',
                width: phone ? '100%' : 240,
                aspectRatio: '16 / 9',
                objectFit: 'cover',
                borderRadius: 8,
                background: '#eef1f6',
              }}
            />
          </Link>
        ) : null}
        <Stack vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={8} align="center" wrap>
            {article.classLabel ? <ColorTag tone="blue">{article.classLabel}</ColorTag> : null}
            <Link to={to} style={{ color: 'inherit', minWidth: 0 }} data-testid="teach-card-title">
              <Heading level={4} lines={2} style={{ margin: 0, fontSize: phone ? 17 : 19 }}>
                {article.headLine}
              </Heading>
            </Link>
          </Stack>
          <Paragraph secondary lines={2} style={{ margin: 0 }}>
            {article.description}
          </Paragraph>
          <Stack gap={16} wrap align="center" style={{ marginTop: 'auto' }}>
            <Stack gap={6} align="center">
              <PersonPicture size={22} src={safeImageUrl(article.authorPicture)} />
              <Text style={{ fontSize: 13 }}>{article.authorName}</Text>
            </Stack>
            <Text secondary style={{ fontSize: 13 }}>
              {readableDate(article.createTime)}
            </Text>
            <ArticleCounters article={article} />
            {phone ? null : (
              <Link to={to} style={{ marginInlineStart: 'auto', fontSize: 13 }}>
                {t('list.read')}
              </Link>
            )}
          </Stack>
        </Stack>
      </Stack>
    </Panel>
  );
}
