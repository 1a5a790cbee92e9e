import { EMAIL_PATTERN } from '#pie/contracts';
import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * Form schemas for the screens people arrive on (login, sign-up, password reset), without zod:
 * zod's engine is ~20 KB gzip, more than everything else these screens add to the shell. A
 * schema built here is a Standard Schema, so `useForm` takes it just like a zod schema (the
 * screens that validate against the API's own contracts still pass those).
 *
 * A field's rules run in order and the first broken one gives the field's message, as the
 * first zod issue would.
 */

/** Returns the message when the (trimmed, if the field trims) value breaks the rule. */
export type FieldRule = (value: string) => string | undefined;

export interface FieldSpec {
  /** Trim before the rules run; the trimmed value is what the form submits. */
  trim?: boolean;
  rules: readonly FieldRule[];
}

/** A rule over the whole form, reported on one field. */
export interface FormCheck<V> {
  field: keyof V & string;
  message: string;
  /** True when the values are acceptable. */
  holds: (values: V) => boolean;
}

export const required =
  (message: string): FieldRule =>
  (value) =>
    value === '' ? message : undefined;

export const minLength =
  (length: number, message: string): FieldRule =>
  (value) =>
    value.length < length ? message : undefined;

export const maxLength =
  (length: number, message: string): FieldRule =>
  (value) =>
    value.length > length ? message : undefined;

/** A format; an empty value is left to `required`. */
export const matches =
  (pattern: RegExp, message: string): FieldRule =>
  (value) =>
    value === '' || pattern.test(value) ? undefined : message;

/** The API's e-mail format (`EMAIL_PATTERN` in the contracts). */
export const emailFormat = (message: string): FieldRule => matches(EMAIL_PATTERN, message);

/** A Standard Schema over string fields, with optional checks across fields. */
export function formSchema<V extends Record<string, string>>(
  fields: { [K in keyof V]: FieldSpec },
  checks: readonly FormCheck<V>[] = [],
): StandardSchemaV1<V, V> {
  return {
    '~standard': {
      version: 1,
      vendor: 'pie-form-rules',
      validate(input: unknown) {
        const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
        const values = {} as Record<string, string>;
        const issues: StandardSchemaV1.Issue[] = [];
        for (const [name, spec] of Object.entries(fields) as [string, FieldSpec][]) {
          const raw = typeof source[name] === 'string' ? source[name] : '';
          const value = spec.trim ? raw.trim() : raw;
          values[name] = value;
          for (const rule of spec.rules) {
            const message = rule(value);
            if (message !== undefined) {
              issues.push({ message, path: [name] });
              break;
            }
          }
        }
        // Cross-field checks run even while other fields are invalid ('Passwords must match' shows at once).
        for (const check of checks) {
          if (!check.holds(values as V)) issues.push({ message: check.message, path: [check.field] });
        }
        return issues.length > 0 ? { issues } : { value: values as V };
      },
    },
  };
}
