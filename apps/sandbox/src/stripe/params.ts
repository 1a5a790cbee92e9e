import { invalid, missingParam } from './errors.js';
import type { FormObject, FormValue } from './form.js';

/*
 * Reading Stripe request parameters (already decoded from the form body or query string) with
 * Stripe's own error messages, so the SDK raises `StripeInvalidRequestError` with `param` set.
 */

export type Params = FormObject;

export function optionalString(params: Params, name: string, label = name): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${label}`, label, 'parameter_invalid_string');
  return value;
}

export function requiredString(params: Params, name: string, label = name): string {
  const value = optionalString(params, name, label);
  if (value === undefined || value === '') throw missingParam(label);
  return value;
}

export function optionalInteger(params: Params, name: string, label = name, min = 0): number | undefined {
  const value = optionalString(params, name, label);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalid(`Invalid integer: ${value}`, label, 'parameter_invalid_integer');
  const number = Number(value);
  if (number < min) throw invalid(`This value must be greater than or equal to ${min}.`, label, 'parameter_invalid_integer');
  return number;
}

export function requiredInteger(params: Params, name: string, label = name, min = 0): number {
  const value = optionalInteger(params, name, label, min);
  if (value === undefined) throw missingParam(label);
  return value;
}

export function optionalBoolean(params: Params, name: string, label = name): boolean | undefined {
  const value = optionalString(params, name, label);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, label, 'parameter_invalid_string');
  return value === 'true';
}

export function optionalObject(params: Params, name: string, label = name): Params | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid object`, label, 'parameter_invalid_object');
  return value;
}

export function optionalArray(params: Params, name: string, label = name): FormValue[] | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  // `items[0][price]` decodes to an array; `{ '0': … }` objects come from sparse or odd encoders.
  if (typeof value === 'object') return Object.keys(value).sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
  throw invalid(`Invalid array`, label, 'parameter_invalid_array');
}

/** Stripe's metadata rules: string values; an empty value deletes the key on update. */
export function metadataParam(params: Params, current: Record<string, string> = {}): Record<string, string> | undefined {
  const value = params.metadata;
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid object', 'metadata', 'parameter_invalid_object');
  const next = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalid(`Invalid string: metadata[${key}]`, `metadata[${key}]`, 'parameter_invalid_string');
    if (key.length > 40) throw invalid('Metadata keys can have up to 40 characters.', `metadata[${key}]`, 'parameter_invalid_string');
    if (entry.length > 500) throw invalid('Metadata values can have up to 500 characters.', `metadata[${key}]`, 'parameter_invalid_string');
    if (entry === '') delete next[key];
    else next[key] = entry;
  }
  if (Object.keys(next).length > 50) throw invalid('Metadata can have up to 50 keys.', 'metadata', 'parameter_invalid_object');
  return next;
}

/** `expand[]` as a list of dotted paths. */
export function expandParam(params: Params): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : [value];
  return list.filter((entry): entry is string => typeof entry === 'string');
}

export function currencyParam(params: Params, name = 'currency', label = name): string {
  const currency = requiredString(params, name, label).toLowerCase();
  if (currency !== 'usd') throw invalid(`Invalid currency: ${currency}. The sandbox account settles in usd only.`, label, 'parameter_invalid_string');
  return currency;
}

/** `created` as Stripe lists take it: a timestamp, or `created[gt|gte|lt|lte]`. */
export function createdFilter(params: Params): (created: number) => boolean {
  const value = params.created;
  if (value === undefined) return () => true;
  if (typeof value === 'string') {
    const exact = optionalInteger(params, 'created');
    return (created) => created === exact;
  }
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid object', 'created', 'parameter_invalid_object');
  const bound = (name: string) => optionalInteger(value, name, `created[${name}]`);
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  return (created) => (gt === undefined || created > gt) && (gte === undefined || created >= gte) && (lt === undefined || created < lt) && (lte === undefined || created <= lte);
}
