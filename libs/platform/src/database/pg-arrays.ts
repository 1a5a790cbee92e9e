/**
 * Postgres array literals for batch statements. The ORM expands a JS array into a `?` list, so a
 * batch goes as one literal per column (`unnest(?::text[], ?::int[])`): one statement whatever
 * the batch size, and the same statement text every time.
 */
// Most values (ids, enum words, account codes) need no escaping: test once, replace only when needed.
const SPECIAL = /[\\"]/;
function quote(value: string): string {
  // Postgres text cannot hold U+0000; provider data is not trusted to be free of it.
  return SPECIAL.test(value) || value.includes('\u0000') ? `"${value.replaceAll('\u0000', '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `"${value}"`;
}

export function textArray(values: readonly (string | null | undefined)[]): string {
  return `{${values.map((value) => (value === null || value === undefined ? 'NULL' : quote(value))).join(',')}}`;
}

/** Mixed values for one column: strings quoted, numbers, bigints and booleans as they are, null as NULL. */
export function pgArray(values: readonly (string | number | bigint | boolean | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : typeof value === 'string' ? quote(value) : String(value))).join(',')}}`;
}

export function intArray(values: readonly (number | null | undefined)[]): string {
  return `{${values.map((value) => (value === null || value === undefined ? 'NULL' : String(Math.trunc(value)))).join(',')}}`;
}

/** Timestamps as ISO strings (cast with `::timestamptz[]`). */
export function timestampArray(values: readonly Date[]): string {
  return `{${values.map((value) => value.toISOString()).join(',')}}`;
}

/**
 * Values that never need quoting in an array literal: ids read from Postgres, ledger account codes
 * (checked against their pattern), numbers, booleans, enum words. A batch close writes millions of
 * them, and quoting each one was most of the cost; anything a person typed goes through `textArray`.
 */
export function plainArray(values: readonly (string | number | bigint | boolean)[]): string {
  return `{${values.join(',')}}`;
}
