/*
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys, as the SDK
 * writes them (`line_items[0][price_data][recurring][interval]=day`, `expand[0]=customer`,
 * `metadata[pie_id]=…`). Decoded into plain nested objects; indexed keys become arrays.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** Splits `a[b][0][c]` into `['a', 'b', '0', 'c']`; `a[]` appends (`expand[]=x`). */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(key.slice(first))) !== null) parts.push(match[1]);
  return parts;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function decodeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    // `a[__proto__][x]=1` must not reach Object.prototype.
    if (path.some((part) => FORBIDDEN_KEYS.has(part))) continue;
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i];
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      const slot = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[slot] = value;
      } else {
        if (container[slot] === undefined || typeof container[slot] === 'string') container[slot] = nextIsIndex ? [] : {};
        node = container[slot] as FormObject | FormValue[];
      }
    }
  }
  return compactArrays(root) as FormObject;
}

/** Sparse indexes (`items[1]` without `items[0]`) close up, as Stripe reads them. */
function compactArrays(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compactArrays);
  const out: FormObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = compactArrays(v);
  return out;
}
