/**
 * Small counts (issue 31): a count of fans — or of artists waiting in escrow, which can stand for a
 * handful of fans — under five is answered as this phrase, never as the number, so no figure in a
 * response (nor in the browser's network tab) can single a fan out. Zero stays zero: it stands for
 * nobody. No zod here: the public open-books page imports it in its first load.
 */
export const FEWER_THAN_FIVE = 'fewer than 5' as const;
export const SMALL_COUNT_LIMIT = 5;

export type MaskedCount = number | typeof FEWER_THAN_FIVE;

export function maskCount(count: number): MaskedCount {
  return count > 0 && count < SMALL_COUNT_LIMIT ? FEWER_THAN_FIVE : count;
}
