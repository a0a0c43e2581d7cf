import { LinkOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { explorerAddressUrl, ONCHAIN_CHAINS, type OnchainChain } from '#shared/onchain.ts';
import type { OnchainAlert } from '#shared/schemas/onchain.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { LabelKindTag } from './label-kind-tag.tsx';
import { shortAddress, shortHash } from './onchain-format.ts';

const { Text } = Typography;
const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 13,
} as const;

/** The host of a chain's explorer, as its name on screen ("etherscan.io"). */
const explorerHost = (chain: OnchainChain) => new URL(ONCHAIN_CHAINS[chain].explorer).host;

/** The transaction hash, shortened, opening the chain's explorer in a new tab; the whole hash to copy. */
export function TxLink({ alert, testId }: { alert: OnchainAlert; testId?: string }) {
  const { t } = useTranslation('onchain');
  return (
    <Text
      copyable={{ text: alert.txHash, tooltips: [t('alert.copyHash'), t('alert.copied')] }}
      style={{ whiteSpace: 'nowrap' }}
    >
      <a
        href={alert.explorerUrl}
        target="_blank"
        rel="noopener noreferrer"
        title={t('alert.openTx', { explorer: explorerHost(alert.chain) })}
        style={MONO}
        data-testid={testId}
      >
        {shortHash(alert.txHash)} <LinkOutlined />
      </a>
    </Text>
  );
}

/**
 * One side of a transfer: the owner's name and kind when the address is labelled, and the address (short,
 * opening the explorer; the whole one to copy).
 */
export function PartyView({
  chain,
  party,
  testId,
}: {
  chain: OnchainChain;
  party: OnchainAlert['from'];
  testId?: string;
}) {
  const { t } = useTranslation('onchain');
  return (
    <Flex
      gap={6}
      wrap
      align="center"
      style={{ minWidth: 0 }}
      data-testid={testId}
      data-address={party.address}
    >
      {party.label && (
        <>
          <Text strong style={{ overflowWrap: 'anywhere' }} data-testid="onchain-party-label">
            {party.label.name}
          </Text>
          <LabelKindTag kind={party.label.kind} testId="onchain-party-kind" />
        </>
      )}
      <Text
        type={party.label ? 'secondary' : undefined}
        copyable={{ text: party.address, tooltips: [t('alert.copyAddress'), t('alert.copied')] }}
        style={{ whiteSpace: 'nowrap' }}
      >
        <a
          href={explorerAddressUrl(chain, party.address)}
          target="_blank"
          rel="noopener noreferrer"
          title={party.address}
          aria-label={`${t('alert.openAddress')}: ${party.address}`}
          style={{ ...MONO, color: 'inherit' }}
          data-testid="onchain-party-address"
        >
          {shortAddress(party.address)}
        </a>
      </Text>
    </Flex>
  );
}
