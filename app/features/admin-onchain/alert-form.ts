import { z } from 'zod';
import type { OnchainChain, OnchainDirection, OnchainImportance } from '#shared/onchain.ts';
import {
  type AddOnchainAlertRequest,
  addOnchainAlertRequest,
  type OnchainAdminAlert,
} from '#shared/schemas/onchain.ts';
import { type Dayjs, dayjs } from '../../lib/dayjs.ts';

// The alert form's values and the request they make: empty optional fields become null (or, for the time,
// "now"), amounts typed with separators are taken without them.

export interface AlertFormValues {
  chain: OnchainChain | undefined;
  asset: string;
  tokenAddress: string;
  amount: string;
  usdValue: number | null;
  fromAddress: string;
  toAddress: string;
  direction: OnchainDirection | undefined;
  txHash: string;
  logIndex: number | null;
  blockNumber: number | null;
  occurredAt: Dayjs | null;
  importance: OnchainImportance;
  comment: string;
}

export const EMPTY_ALERT: AlertFormValues = {
  chain: undefined,
  asset: '',
  tokenAddress: '',
  amount: '',
  usdValue: null,
  fromAddress: '',
  toAddress: '',
  direction: undefined,
  txHash: '',
  logIndex: null,
  blockNumber: null,
  occurredAt: null,
  importance: 'normal',
  comment: '',
};

export function alertValuesOf(alert: OnchainAdminAlert | null): AlertFormValues {
  if (!alert) return EMPTY_ALERT;
  return {
    chain: alert.chain,
    asset: alert.asset,
    tokenAddress: alert.tokenAddress ?? '',
    amount: alert.amount,
    usdValue: alert.usdValue,
    fromAddress: alert.from.address,
    toAddress: alert.to.address,
    direction: alert.direction,
    txHash: alert.txHash,
    logIndex: alert.logIndex,
    blockNumber: alert.blockNumber,
    occurredAt: dayjs(alert.occurredAt),
    importance: alert.importance,
    comment: alert.comment,
  };
}

/** The request the values make; the server's schema checks it (in the form too, see alertFormSchema). */
export function alertRequestOf(values: AlertFormValues): AddOnchainAlertRequest {
  return {
    chain: values.chain as OnchainChain,
    asset: (values.asset ?? '').trim(),
    tokenAddress: (values.tokenAddress ?? '').trim() || null,
    amount: (values.amount ?? '').replace(/[\s,_]/g, ''),
    usdValue: values.usdValue ?? null,
    fromAddress: (values.fromAddress ?? '').trim(),
    toAddress: (values.toAddress ?? '').trim(),
    direction: values.direction as OnchainDirection,
    txHash: (values.txHash ?? '').trim(),
    logIndex: values.logIndex ?? null,
    blockNumber: values.blockNumber ?? null,
    ...(values.occurredAt ? { occurredAt: values.occurredAt.toISOString() } : {}),
    importance: values.importance,
    comment: (values.comment ?? '').trim(),
  };
}

/** The server's own request schema over the form's values: the form refuses what it would, with its messages. */
export const alertFormSchema = z.preprocess(
  (values) => alertRequestOf(values as AlertFormValues),
  addOnchainAlertRequest,
);
