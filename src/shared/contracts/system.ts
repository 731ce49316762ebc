import { z } from 'zod';

export const ZHealthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });
