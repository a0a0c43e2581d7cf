import { z } from 'zod';
import { RATIO_MAX, RATIO_MIN } from '../constants.ts';
import { keyCheck, keySync } from './trading.ts';

// Traders' exchange API keys as administrators manage them (spec §3, §7 /api/TraderKey/...).

const ratio = (required: string) =>
  z.number({ message: required }).min(RATIO_MIN, 'ratioMinimum').max(RATIO_MAX, 'ratioMaximum');

export const traderKeyFields = {
  keyName: z
    .string({ message: 'traderNameRequired' })
    .trim()
    .min(1, { message: 'traderNameRequired', abort: true })
    .max(60, 'tooLong'),
  coEfficient: ratio('currencyRatioRequired'),
  leverageCoefficient: ratio('leverageRatioRequired'),
  isActive: z.boolean().default(true),
};

export const addApiKeyRequest = z.object({
  ...traderKeyFields,
  keyValue: z
    .string({ message: 'apiKeyRequired' })
    .trim()
    .min(1, { message: 'apiKeyRequired', abort: true })
    .max(500, 'tooLong'),
  secretValue: z
    .string({ message: 'apiSecretRequired' })
    .trim()
    .min(1, { message: 'apiSecretRequired', abort: true })
    .max(500, 'tooLong'),
});
export type AddApiKeyRequest = z.input<typeof addApiKeyRequest>;

/** Editing: key and secret may be left out (or blank) to keep the stored ones; so may the active switch. */
export const updateApiKeyRequest = z.object({
  id: z.number().int(),
  ...traderKeyFields,
  isActive: z.boolean().optional(),
  keyValue: z.string().trim().max(500, 'tooLong').optional(),
  secretValue: z.string().trim().max(500, 'tooLong').optional(),
});
export type UpdateApiKeyRequest = z.input<typeof updateApiKeyRequest>;

export const traderKey = z.object({
  id: z.number(),
  keyName: z.string(),
  /** Masked: never the stored value. */
  keyValue: z.string(),
  secretValue: z.string(),
  coEfficient: z.number(),
  leverageCoefficient: z.number(),
  isActive: z.boolean(),
  permissionMap: z.array(z.number()),
  /** The key's last check at the exchange (restrictions, or why they could not be read); null: never checked. */
  check: keyCheck.nullable(),
  /** How following the key's account goes; null: never followed. */
  sync: keySync.nullable(),
});
export type TraderKey = z.infer<typeof traderKey>;
export const traderKeyList = z.array(traderKey);

export const activateApiKeyRequest = z.object({ apiKeyId: z.number().int(), active: z.boolean() });
export const updateApiKeySubConfigRequest = z.object({
  id: z.number().int(),
  permissionMap: z.array(z.number().int()).max(100),
});
export const traderSummary = z.object({ id: z.number(), keyName: z.string(), isActive: z.boolean() });
export const traderSummaryList = z.array(traderSummary);
/** Per key id, an object keyed by role id (spec §3 role-to-key mapping). */
export const apiKeyRoleMapping = z.record(z.string(), z.record(z.string(), z.boolean()));
