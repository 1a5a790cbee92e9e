import type { ApiBodyOptions } from '@nestjs/swagger';
import { z } from 'zod';

/** The request body's JSON Schema, from the same zod schema that validates it (what the client sends: input side). */
export function openApiBody(schema: z.ZodType): ApiBodyOptions {
  return { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } as ApiBodyOptions;
}
