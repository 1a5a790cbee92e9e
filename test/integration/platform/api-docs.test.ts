import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import { TestPlatform } from '../../support/test-platform.js';

// /api/docs-json is generated from the zod schemas that validate the requests (@ZodBody, @ZodQuery,
// @ZodParam): every route that reads a body lists it, with its fields, and its parameters.

interface Route {
  method: string;
  path: string;
  takesBody: boolean;
  pathParams: string[];
  takesQuery: boolean;
}

const joinPath = (...parts: string[]) => `/${parts.map((part) => part.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}`;

/** Every route of the running app, from Nest's own metadata (not from the document under test). */
function routesOf(platform: TestPlatform): Route[] {
  const routes: Route[] = [];
  for (const module of platform.api.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      if (!controller) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
      // Own and inherited handlers (identity's session routes come from a base class).
      const keys = new Set<string>();
      for (let proto = controller.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
        for (const key of Object.getOwnPropertyNames(proto)) keys.add(key);
      }
      for (const key of keys) {
        const handler = controller.prototype[key];
        if (key === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number].toLowerCase();
        const args = Object.keys(Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {}).map((arg) => Number(arg.split(':')[0]));
        for (const prefix of prefixes) {
          for (const path of [Reflect.getMetadata(PATH_METADATA, handler) ?? ''].flat() as string[]) {
            const full = joinPath(prefix, path);
            routes.push({
              method,
              path: full.replace(/:(\w+)/g, '{$1}'),
              takesBody: args.includes(RouteParamtypes.BODY),
              takesQuery: args.includes(RouteParamtypes.QUERY),
              pathParams: [...full.matchAll(/:(\w+)/g)].map((match) => match[1]),
            });
          }
        }
      }
    }
  }
  return routes;
}

describe('OpenAPI document', () => {
  let platform: TestPlatform;
  let document: any;
  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'docs', worker: false });
    document = (await platform.request('GET', '/api/docs-json')).body;
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('lists the fan auth routes at /api/docs-json and serves the UI at /api/docs', async () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/user', '/api/health']),
    );
    const ui = await platform.request('GET', '/api/docs');
    expect(ui.status).toBe(200);
    expect(String(ui.body)).toContain('swagger');
  });

  it('lists a request body, from the zod schema, for every route that reads one', () => {
    const routes = routesOf(platform);
    const withBody = routes.filter((route) => route.takesBody && route.path.startsWith('/api'));
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    // A schema that names its fields (an inferred `{ type: 'object' }` says nothing a client can use).
    const described = (schema: any) => Boolean(schema && (Object.keys(schema.properties ?? {}).length > 0 || schema.anyOf || schema.oneOf || schema.allOf));
    const missing = withBody.filter((route) => !described(document.paths[route.path]?.[route.method]?.requestBody?.content?.['application/json']?.schema));
    expect(missing.map((route) => `${route.method.toUpperCase()} ${route.path}`)).toEqual([]);

    // The schema is the contract's, field by field.
    const register = document.paths['/api/auth/register'].post.requestBody.content['application/json'].schema;
    expect(register).toMatchObject({ type: 'object', additionalProperties: false });
    expect(register.required).toEqual(expect.arrayContaining(['email', 'password', 'first_name', 'last_name']));
    expect(register.properties.email).toMatchObject({ type: 'string' });
  });

  it('lists every path parameter and the query parameters of routes that read a query', () => {
    for (const route of routesOf(platform).filter((r) => r.path.startsWith('/api'))) {
      const operation = document.paths[route.path]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      const parameters: { in: string; name: string }[] = operation.parameters ?? [];
      for (const name of route.pathParams) {
        expect(parameters.some((parameter) => parameter.in === 'path' && parameter.name === name), `${route.method} ${route.path} :${name}`).toBe(true);
      }
      if (route.takesQuery) expect(parameters.some((parameter) => parameter.in === 'query'), `${route.method} ${route.path} query`).toBe(true);
    }
    const artists = document.paths['/api/artists'].get.parameters as { name: string; in: string; schema: any }[];
    expect(artists.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'sort', 'direction']));
  });

  it('lists every endpoint of the spec’s api-endpoints.tsv (a copy under docs/spec)', () => {
    const rows = readFileSync(new URL('../../../docs/spec/api-endpoints.tsv', import.meta.url), 'utf8').trim().split('\n').slice(1);
    // Each documented path as a pattern ({param} matches one segment); each spec path with its :params filled in.
    const documented = Object.entries<Record<string, unknown>>(document.paths).map(([path, operations]) => ({
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
      methods: Object.keys(operations),
    }));
    const missing = rows
      .map((row) => row.split('\t'))
      .filter(([method, path]) => !documented.some((entry) => entry.pattern.test(path.replace(/:\w+/g, 'x')) && entry.methods.includes(method.toLowerCase())))
      .map(([method, path]) => `${method} ${path}`);
    expect(rows.length).toBeGreaterThan(140);
    expect(missing).toEqual([]);
  });

  it('describes the error body every route may answer, with its stable codes', () => {
    const failure = document.components.schemas.ApiFailure;
    expect(failure.required).toEqual(expect.arrayContaining(['success', 'statusCode', 'code', 'message']));
    expect(failure.properties.code.enum).toEqual(expect.arrayContaining(['validation-failed', 'identity.email-taken', 'listening.username-taken']));
    expect(document.paths['/api/auth/login'].post.responses['4XX'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiFailure' });
  });

  it('echoes a request id on every response', async () => {
    const response = await platform.request('GET', '/api/health', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(response.headers['x-request-id']).toBe('trace-abc-123');
    const generated = await platform.request('GET', '/api/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
