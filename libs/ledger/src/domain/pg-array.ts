/**
 * A Postgres array literal for one `?` parameter (the ORM would expand a JS array into a `?` list):
 * `unnest(?::text[], ?::bigint[])` stays one statement whatever the number of postings.
 */
export function pgArray(values: readonly (string | bigint | boolean | null)[]): string {
  return `{${values
    .map((value) => (value === null ? 'NULL' : typeof value === 'string' ? `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : String(value)))
    .join(',')}}`;
}
