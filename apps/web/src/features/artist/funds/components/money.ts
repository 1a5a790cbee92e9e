import { formatCents } from '#pie/contracts';

/** Cents as the funds screens show them: "$12.50" (the contracts' integer formatting). */
export const dollars = (cents: number) => `$${formatCents(cents)}`;
