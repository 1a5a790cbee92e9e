/**
 * One Postgres array literal for one `?` parameter (the ORM would expand a JS array into a `?`
 * list), so a batch insert is `unnest(?::uuid[], ?::bigint[], …)`: one statement whatever its size.
 */
export function pgArray(values: readonly (string | number | bigint | boolean | null)[]): string {
  return `{${values
    .map((value) =>
      value === null ? 'NULL' : typeof value === 'string' ? `"${value.replaceAll('\u0000', '').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : String(value),
    )
    .join(',')}}`;
}
