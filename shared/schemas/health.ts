import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    status: z.literal('up'),
    latencyMs: z.number(),
  }),
});

export type HealthResponse = z.infer<typeof healthResponse>;
