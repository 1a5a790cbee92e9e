import { z } from 'zod';
import { FEWER_THAN_FIVE, type MaskedCount } from './small-counts.js';

/** A count, or `'fewer than 5'` for one from 1 to 4 (small-counts.ts). */
export const MaskedCountSchema = z
  .union([z.number().int().min(0), z.literal(FEWER_THAN_FIVE)])
  .describe('A count; from 1 to 4 it is the phrase "fewer than 5", so no figure can single a fan out') satisfies z.ZodType<MaskedCount>;
