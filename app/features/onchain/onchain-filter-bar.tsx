import { ClearOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, InputNumber, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ONCHAIN_DIRECTIONS, type OnchainChain, type OnchainDirection } from '#shared/onchain.ts';
import { chainName, formatAmount } from '../../domains/onchain/onchain-format.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type AlertFilters, useOnchainFilters } from './onchain-api.ts';
import { type FilterChange, hasFilters } from './use-alert-filters.ts';

/** The minimum value is sent once typing pauses this long. */
const TYPING_DELAY_MS = 500;

/** The minimum US dollar value: what is typed goes out when typing pauses; cleared filters empty it. */
function MinUsdInput({
  value,
  onChange,
  width,
}: {
  value: number | undefined;
  onChange: (minUsd: number | undefined) => void;
  width: number | string;
}) {
  const { t } = useTranslation('onchain');
  const [text, setText] = useState<number | null>(value ?? null);
  const sent = useRef(value);
  const send = useRef(onChange);
  useEffect(() => {
    send.current = onChange;
  });

  // Changed from outside (the filters were cleared): show it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value ?? null);
    }
  }, [value]);

  useEffect(() => {
    const next = text && text > 0 ? text : undefined;
    if (next === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = next;
      send.current(next);
    }, TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <InputNumber<number>
      value={text}
      onChange={(next) => setText(next)}
      min={0}
      max={1e15}
      step={100_000}
      precision={0}
      prefix={`${t('filters.minUsd')}: $`}
      placeholder={t('filters.minUsdPlaceholder')}
      aria-label={t('filters.minUsd')}
      formatter={(number) => (number ? formatAmount(`${number}`) : '')}
      parser={(shown) => Number((shown ?? '').replace(/[^\d]/g, '')) || 0}
      style={{ width }}
      data-testid="onchain-filter-min-usd"
    />
  );
}

/** Chain and asset (the choices published alerts have), direction, and the minimum US dollar value. */
export function OnchainFilterBar({ filters, onChange }: { filters: AlertFilters; onChange: FilterChange }) {
  const { t } = useTranslation('onchain');
  const wide = Grid.useBreakpoint().sm !== false;
  const choices = useOnchainFilters();
  const all = { value: '', label: t('filters.all') };
  const half = wide ? undefined : 'calc(50% - 4px)';
  // A chain or asset in the address that no published alert has (yet) still shows as chosen.
  const chains = [...new Set([...(choices.data?.chains ?? []), ...(filters.chain ? [filters.chain] : [])])];
  const assets = [...new Set([...(choices.data?.assets ?? []), ...(filters.asset ? [filters.asset] : [])])];

  return (
    <Flex gap={8} wrap align="center" data-testid="onchain-filters">
      <Select
        value={filters.chain ?? ''}
        onChange={(value: OnchainChain | '') => onChange({ chain: value || undefined })}
        options={[all, ...chains.map((chain) => ({ value: chain, label: chainName(chain) }))]}
        loading={choices.isPending}
        prefix={`${t('filters.chain')}:`}
        aria-label={t('filters.chain')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 150 : undefined }}
        data-testid="onchain-filter-chain"
      />
      <Select
        showSearch
        value={filters.asset ?? ''}
        onChange={(value: string) => onChange({ asset: value || undefined })}
        options={[all, ...assets.map((asset) => ({ value: asset, label: asset }))]}
        loading={choices.isPending}
        prefix={`${t('filters.asset')}:`}
        aria-label={t('filters.asset')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 130 : undefined }}
        data-testid="onchain-filter-asset"
      />
      <Select
        value={filters.direction ?? ''}
        onChange={(value: OnchainDirection | '') => onChange({ direction: value || undefined })}
        options={[
          all,
          ...ONCHAIN_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`directions.${direction}`),
          })),
        ]}
        prefix={`${t('filters.direction')}:`}
        aria-label={t('filters.direction')}
        popupMatchSelectWidth={false}
        style={{ width: half, minWidth: wide ? 150 : undefined }}
        data-testid="onchain-filter-direction"
      />
      <MinUsdInput
        value={filters.minUsd}
        onChange={(minUsd) => onChange({ minUsd })}
        width={wide ? 240 : 'calc(50% - 4px)'}
      />
      {hasFilters(filters) && (
        <Button
          type="link"
          icon={<ClearOutlined />}
          onClick={() =>
            onChange({ chain: undefined, asset: undefined, direction: undefined, minUsd: undefined })
          }
          data-testid="onchain-filters-clear"
        >
          {t('filters.clear')}
        </Button>
      )}
    </Flex>
  );
}
