import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { MEDIA_LANGUAGES, MEDIA_SOURCE_KINDS } from '#shared/media.ts';
import { MEDIA_LIMITS } from '#shared/schemas/media.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { hasFilters, type MediaStreamFilters, useMediaFilters } from './media-stream-api.ts';

/** The search is sent once typing pauses this long. */
const SEARCH_DELAY_MS = 400;

/** Sets some filters (undefined: that filter off), keeping the others. */
export type FilterChange = (
  change: { [K in keyof MediaStreamFilters]?: MediaStreamFilters[K] | undefined },
) => void;

/** The search box: what is typed goes out when typing pauses; a cleared filter empties it. */
function SearchBox({
  value,
  onSearch,
  wide,
}: {
  value: string;
  onSearch: (q: string) => void;
  wide: boolean;
}) {
  const { t } = useTranslation('media');
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });

  // Changed from outside (the filters were cleared): show it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = q;
      search.current(q);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <Input
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      maxLength={MEDIA_LIMITS.search}
      prefix={<SearchOutlined />}
      placeholder={t('filters.search')}
      aria-label={t('filters.search')}
      style={{ width: wide ? 260 : '100%' }}
      data-testid="media-search"
    />
  );
}

/** Source, kind, tag and language (the choices from GET /api/Media/Filters) and the search box. */
export function MediaFilterBar({
  filters,
  onChange,
}: {
  filters: MediaStreamFilters;
  onChange: FilterChange;
}) {
  const { t } = useTranslation('media');
  const wide = Grid.useBreakpoint().sm !== false;
  const choices = useMediaFilters();
  const all = { value: '', label: t('filters.all') };
  const half = wide ? undefined : 'calc(50% - 4px)';

  return (
    <Flex gap={8} wrap align="center" data-testid="media-filters">
      <Select
        showSearch
        optionFilterProp="label"
        value={filters.sourceId ?? ''}
        onChange={(value: number | '') => onChange({ sourceId: value || undefined })}
        options={[all, ...(choices.data?.sources ?? []).map((s) => ({ value: s.id, label: s.title }))]}
        loading={choices.isPending}
        prefix={`${t('filters.source')}:`}
        aria-label={t('filters.source')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 160 : undefined, maxWidth: wide ? 280 : undefined }}
        data-testid="media-filter-source"
      />
      <Select
        value={filters.kind ?? ''}
        onChange={(value: MediaStreamFilters['kind'] | '') => onChange({ kind: value || undefined })}
        options={[all, ...MEDIA_SOURCE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))]}
        prefix={`${t('filters.kind')}:`}
        aria-label={t('filters.kind')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 130 : undefined }}
        data-testid="media-filter-kind"
      />
      <Select
        showSearch
        value={filters.tag ?? ''}
        onChange={(value: string) => onChange({ tag: value || undefined })}
        options={[all, ...(choices.data?.tags ?? []).map((tag) => ({ value: tag, label: tag }))]}
        loading={choices.isPending}
        prefix={`${t('filters.tag')}:`}
        aria-label={t('filters.tag')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 130 : undefined, maxWidth: wide ? 240 : undefined }}
        data-testid="media-filter-tag"
      />
      <Select
        value={filters.language ?? ''}
        onChange={(value: MediaStreamFilters['language'] | '') => onChange({ language: value || undefined })}
        options={[
          all,
          ...MEDIA_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) })),
        ]}
        prefix={`${t('filters.language')}:`}
        aria-label={t('filters.language')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 130 : undefined }}
        data-testid="media-filter-language"
      />
      <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ q: q || undefined })} wide={wide} />
      {hasFilters(filters) && (
        <Button
          type="link"
          icon={<ClearOutlined />}
          onClick={() =>
            onChange({
              sourceId: undefined,
              kind: undefined,
              tag: undefined,
              language: undefined,
              q: undefined,
            })
          }
          data-testid="media-filters-clear"
        >
          {t('filters.clear')}
        </Button>
      )}
    </Flex>
  );
}
