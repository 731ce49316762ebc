import { z } from 'zod';
import '#shared/zod-messages.js';

export const ZHealthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });
