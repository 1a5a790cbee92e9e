import { Body, Param, Query } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { ERROR_CODES } from '#pie/contracts';
import { validBody, validParam, validQuery } from './zod-validation.pipe.js';

/**
 * The request and response schemas of the API's routes, written once in zod (libs/contracts):
 * the same schema validates the request (ZodValidationPipe) and describes it in /api/docs-json
 * (zod's own JSON Schema output, OpenAPI 3.0 flavour). No DTO classes, no hand-written docs.
 *
 *   @Post('username')
 *   @ZodResponse(UsernameAnswer)
 *   update(@ZodBody(UpdateUsernameRequest) body: UpdateUsernameRequest) { … }
 */
type JsonSchema = Record<string, any>;

/** A zod schema as an OpenAPI schema object: the input side for requests, the output side for responses. */
export function openApiSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Runs a method decorator from a parameter decorator (parameter decorators get no descriptor). */
function onMethod(target: object, key: string | symbol | undefined, decorator: MethodDecorator): void {
  if (key === undefined) return;
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (descriptor) decorator(target, key, descriptor);
}

/** The JSON body, validated by `schema` (400 naming each field) and listed as the route's request body. */
export function ZodBody(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Body(validBody(schema))(target, key, index);
    onMethod(target, key, ApiBody({ required: true, schema: openApiSchemaOf(schema, 'input') }));
  };
}

/** The query string, validated by an object `schema`; each of its properties is listed as a query parameter. */
export function ZodQuery(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Query(validQuery(schema))(target, key, index);
    const json = openApiSchemaOf(schema, 'input');
    const required = new Set<string>(json.required ?? []);
    for (const [name, property] of Object.entries<JsonSchema>(json.properties ?? {})) {
      onMethod(target, key, ApiQuery({ name, required: required.has(name), schema: property, description: property.description }));
    }
  };
}

/** One path parameter, validated by `schema` (a bad id is a 400, never a 500). */
export function ZodParam(name: string, schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Param(name, validParam(schema))(target, key, index);
    onMethod(target, key, ApiParam({ name, required: true, schema: openApiSchemaOf(schema, 'input') }));
  };
}

/** The failure body every route may answer (DESIGN §9). */
export const ApiFailureSchema = z.object({
  success: z.literal(false),
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

const PaginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() });

/** The success envelope around `data`: `{ success: true, message?, data, pagination? }`. */
export function envelopeOf(data: z.ZodType, options: { paged?: boolean } = {}): z.ZodType {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data,
    ...(options.paged ? { pagination: PaginationSchema } : {}),
  });
}

/** Documents the route's success answer: `data` shaped by `schema` (the output side), inside the envelope. */
export function ZodResponse(schema: z.ZodType, options: { status?: number; paged?: boolean; description?: string } = {}): MethodDecorator {
  return ApiResponse({
    status: options.status ?? 200,
    description: options.description ?? 'Success',
    schema: openApiSchemaOf(envelopeOf(schema, options), 'output'),
  });
}


/**
 * Completes a generated document: every operation gets the API's failure body for 4xx/5xx and, when
 * no route declared its own, the success envelope; shared by all routes, written once here.
 */
export function completeOpenApiDocument<T extends { paths: Record<string, Record<string, any>>; components?: Record<string, any> }>(document: T): T {
  const failure = openApiSchemaOf(ApiFailureSchema, 'output');
  const envelope = openApiSchemaOf(envelopeOf(z.unknown()), 'output');
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ApiFailure: failure, ApiSuccess: envelope } };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const responses = (operation.responses ??= {});
      for (const [status, response] of Object.entries<any>(responses)) {
        if (status.startsWith('2') && !response.content) {
          response.content = { 'application/json': { schema: { $ref: '#/components/schemas/ApiSuccess' } } };
        }
      }
      responses['4XX'] ??= { description: 'Client error (bad input, unknown id, not signed in…)', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiFailure' } } } };
      responses['5XX'] ??= { description: 'Server error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiFailure' } } } };
    }
  }
  return document;
}
