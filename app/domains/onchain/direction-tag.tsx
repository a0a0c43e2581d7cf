import {
  LoginOutlined,
  LogoutOutlined,
  MinusCircleOutlined,
  PlusCircleOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { OnchainDirection } from '#shared/onchain.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/** Into an exchange reads as selling pressure (red), out of one as the opposite (green). */
const LOOK: Record<OnchainDirection, { color: string; icon: ReactNode }> = {
  exchange_inflow: { color: 'red', icon: <LoginOutlined /> },
  exchange_outflow: { color: 'green', icon: <LogoutOutlined /> },
  transfer: { color: 'blue', icon: <SwapOutlined /> },
  mint: { color: 'purple', icon: <PlusCircleOutlined /> },
  burn: { color: 'orange', icon: <MinusCircleOutlined /> },
};

/** What a transfer means, with its color and icon. */
export function DirectionTag({ direction, testId }: { direction: OnchainDirection; testId?: string }) {
  const { t } = useTranslation('onchain');
  const { color, icon } = LOOK[direction];
  return (
    <Tag
      color={color}
      icon={icon}
      style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}
      data-testid={testId}
      data-direction={direction}
    >
      {t(`directions.${direction}`)}
    </Tag>
  );
}
