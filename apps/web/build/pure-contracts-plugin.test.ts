import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pureContractsPlugin } from './pure-contracts-plugin';

// Run from the repository's root or from apps/web (the web project's root).
const repoRoot = existsSync(join(process.cwd(), 'libs/contracts/src')) ? process.cwd() : join(process.cwd(), '../..');

/** The code the plugin hands the bundler for a file at `id`. */
function transform(code: string, id = '/repo/libs/contracts/src/example.ts'): string {
  const result = (pureContractsPlugin(join(repoRoot, 'libs/contracts/src')).transform as (code: string, id: string) => { code: string } | null)(code, id);
  return result?.code ?? code;
}

describe('the contracts’ schemas, marked pure for the bundler', () => {
  it('marks every call that builds a schema, in chains, arguments, on another schema (a contracts name) and on the next line', () => {
    const code = [
      "export const Query = z.strictObject({ page: queryInt('page', 1, 100).default(1), name: z.string().trim() });",
      'export const Wider = OfficePageQuery.extend({ more: z.boolean() });',
      'const Split = z',
      '  .object({});',
    ].join('\n');
    expect(transform(code)).toBe(
      [
        "export const Query = /* @__PURE__ */ z.strictObject({ page: /* @__PURE__ */ queryInt('page', 1, 100).default(1), name: /* @__PURE__ */ z.string().trim() });",
        'export const Wider = /* @__PURE__ */ OfficePageQuery.extend({ more: /* @__PURE__ */ z.boolean() });',
        'const Split = /* @__PURE__ */ z',
        '  .object({});',
      ].join('\n'),
    );
  });

  it('leaves comments, method calls on other values and declarations alone', () => {
    const code = [
      '/** The last `days (today included)`, see z.string(). */',
      '// queryInt(page)',
      'export function queryInt(name: string) {',
      '  return value.limit(name);',
      '}',
    ].join('\n');
    expect(transform(code)).toBe(code);
  });

  it('touches only the contracts’ sources', () => {
    const code = 'export const Query = z.strictObject({});';
    expect(transform(code, '/repo/apps/web/src/app/store.ts')).toBe(code);
    expect(transform(code, '/repo/libs/contracts/src/example.test.ts')).toBe(code);
  });
});
