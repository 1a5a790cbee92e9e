import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { FieldErrors } from '#pie/contracts';
import { DomainError } from '../errors/domain-error.js';
import { pathOfMalformedString } from './well-formed-input.js';

/** Turns zod issues into `{ field: [messages] }`, keyed by the dotted path. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    const message =
      issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message;
    (errors[key] ??= []).push(message);
  }
  return errors;
}

/** The dotted path of a string in `value` that contains U+0000 ('' for `value` itself), if any. */
function pathOfStringWithNul(value: unknown): string | undefined {
  // Iterative: a parsed value may be nested deeper than the call stack allows.
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

/**
 * Validates and parses a body, query or param with a contracts schema.
 * Bad input becomes a 400 naming each field, never a 500.
 */
export class ZodValidationPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.output<TSchema>> {
  constructor(
    private readonly schema: TSchema,
    private readonly what = 'Request',
  ) {}

  transform(value: unknown): z.output<TSchema> {
    if (this.what === 'Request body' && (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new DomainError('validation-failed', 'invalid', 'Request body must be a JSON object');
    }
    const result = this.schema.safeParse(value);
    if (result.success) {
      // Postgres text and jsonb cannot hold U+0000: refuse it here (a 400 naming the field), not at the insert (a 500).
      const nulAt = pathOfStringWithNul(result.data);
      if (nulAt !== undefined) {
        const field = nulAt || '_';
        throw new DomainError('validation-failed', 'invalid', `${this.what} is invalid: ${nulAt || 'the value'} must not contain NUL characters`, {
          [field]: ['must not contain NUL characters'],
        });
      }
      // The same for a lone surrogate (the global hook refuses them first; this keeps the pipe whole on its own).
      const malformedAt = pathOfMalformedString(result.data);
      if (malformedAt !== undefined) {
        throw new DomainError('validation-failed', 'invalid', `${this.what} is invalid: ${malformedAt || 'the value'} contains a lone UTF-16 surrogate (not valid Unicode text)`, {
          [malformedAt || '_']: ['must be valid Unicode text'],
        });
      }
      return result.data;
    }
    const errors = fieldErrorsOf(result.error);
    const first = Object.values(errors)[0]?.[0];
    throw new DomainError('validation-failed', 'invalid', first ? `${this.what} is invalid: ${first}` : `${this.what} is invalid`, errors);
  }
}

export const validBody = <T extends z.ZodType>(schema: T) => new ZodValidationPipe(schema, 'Request body');
export const validParam = <T extends z.ZodType>(schema: T) => new ZodValidationPipe(schema, 'Path parameter');
export const validQuery = <T extends z.ZodType>(schema: T) => new ZodValidationPipe(schema, 'Query');
