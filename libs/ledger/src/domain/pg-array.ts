/**
 * A Postgres array literal for one `?` parameter (the ORM would expand a JS array into a `?` list):
 * `unnest(?::text[], ?::bigint[])` stays one statement whatever the number of postings.
 */
export function pgArray(values: readonly (string | bigint | boolean | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : typeof value === 'string' ? quote(value) : String(value))).join(',')}}`;
}

// Most values (ids, account codes) need no escaping: test once, replace only when needed.
const SPECIAL = /[\\"]/;
function quote(value: string): string {
  return SPECIAL.test(value) ? `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `"${value}"`;
}
