const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Shares `amount` among weighted ids by the largest-remainder method, in integer units: the shares
 * sum exactly to `amount`, each is within one unit of its exact quota, a zero weight gets zero, and
 * remainders tie by id, so the result does not depend on the input's order. All weights zero →
 * all shares zero. (The pie split and the escrow's return to fans both divide money this way.)
 */
export function largestRemainder(amount: bigint, weights: readonly { id: string; weight: bigint }[]): Map<string, bigint> {
  const total = weights.reduce((sum, w) => sum + w.weight, 0n);
  const shares = new Map<string, bigint>();
  if (total === 0n) {
    for (const w of weights) shares.set(w.id, 0n);
    return shares;
  }
  const parts = weights.map((w) => ({ id: w.id, floor: (amount * w.weight) / total, remainder: (amount * w.weight) % total }));
  let left = amount - parts.reduce((sum, p) => sum + p.floor, 0n);
  parts.sort((a, b) => (a.remainder !== b.remainder ? (a.remainder > b.remainder ? -1 : 1) : compareIds(a.id, b.id)));
  for (const part of parts) {
    const extra = left > 0n && part.remainder > 0n ? 1n : 0n;
    left -= extra;
    shares.set(part.id, part.floor + extra);
  }
  return shares;
}
