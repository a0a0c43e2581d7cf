import { Tag } from 'antd';
import type { OnchainLabelKind } from '#shared/onchain.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const KIND_COLOR: Record<OnchainLabelKind, string> = {
  exchange: 'gold',
  fund: 'geekblue',
  project: 'cyan',
  other: 'default',
};

/** Who owns a labelled address: exchange, fund, project or other. */
export function LabelKindTag({ kind, testId }: { kind: OnchainLabelKind; testId?: string }) {
  const { t } = useTranslation('onchain');
  return (
    <Tag
      color={KIND_COLOR[kind]}
      style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}
      data-testid={testId}
      data-kind={kind}
    >
      {t(`kinds.${kind}`)}
    </Tag>
  );
}
