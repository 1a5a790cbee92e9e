import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { FieldErrors } from '#pie/contracts';

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
      throw new BadRequestException({ message: 'Request body must be a JSON object' });
    }
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const errors = fieldErrorsOf(result.error);
    const first = Object.values(errors)[0]?.[0];
    throw new BadRequestException({
      message: first ? `${this.what} is invalid: ${first}` : `${this.what} is invalid`,
      errors,
    });
  }
}

export const validBody = <T extends z.ZodType>(schema: T) => new ZodValidationPipe(schema, 'Request body');
export const validParam = <T extends z.ZodType>(schema: T) => new ZodValidationPipe(schema, 'Path parameter');
export const validQuery = <T extends z.ZodType>(schema: T) => new ZodValidationPipe(schema, 'Query');
