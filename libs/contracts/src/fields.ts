import { z } from 'zod';

const bounded = (number: z.ZodNumber | z.ZodCoercedNumber, label: string, min: number, max: number) =>
  number.int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`);

/** A whole number from a query string (`?page=2`): the text is read as a number. */
export const queryInt = (label: string, min: number, max: number) => bounded(z.coerce.number({ error: `${label} must be a number` }), label, min, max);

/** A whole number in a JSON body: a JSON number only (true, "5" or [5] are refused, not read as 1 or 5). */
export const bodyInt = (label: string, min: number, max: number) => bounded(z.number({ error: `${label} must be a number` }), label, min, max);
