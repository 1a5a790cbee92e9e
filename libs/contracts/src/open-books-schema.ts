import { z } from 'zod';
import { MaskedCountSchema } from './small-counts-schema.js';
import { OPEN_BOOKS_FIGURES, type OpenBooksFigure, type OpenBooksView } from './open-books.js';

const cents = z.number().int();
const figures = z.object(Object.fromEntries(OPEN_BOOKS_FIGURES.map((key) => [key, cents])) as Record<OpenBooksFigure, typeof cents>);

/** `GET /api/open-books` for the OpenAPI document (a file of its own, so the public page's bundle has no zod). */
export const OpenBooksViewSchema = z.object({
  months: z.array(figures.extend({ month: z.string() })),
  totals: figures,
  escrow: z.object({ waitingCents: cents, artists: MaskedCountSchema }),
  balance: z.object({ ok: z.boolean().nullable(), checkedAt: z.string().nullable(), checks: z.number().int(), failing: z.number().int() }),
  generatedAt: z.string(),
}) satisfies z.ZodType<OpenBooksView>;
