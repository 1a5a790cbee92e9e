/**
 * One Postgres array literal for one `?` parameter (the ORM would expand a JS array into a `?`
 * list), so a batch insert is `unnest(?::uuid[], ?::bigint[], …)`: one statement whatever its size.
 */
export function pgArray(values: readonly (string | number | bigint | boolean | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : typeof value === 'string' ? quote(value) : String(value))).join(',')}}`;
}

// Most values (ids, numbers as text, enum words) need no escaping: test once, replace only when needed.
const SPECIAL = /[\\"]/;
function quote(value: string): string {
  return SPECIAL.test(value) || value.includes('\u0000') ? `"${value.replaceAll('\u0000', '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `"${value}"`;
}
