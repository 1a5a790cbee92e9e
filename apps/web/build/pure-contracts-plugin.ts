import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** A contracts source file (libs/contracts/src), not a test. */
const CONTRACTS_SOURCE = /[\\/]libs[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * The contracts' own top-level names (`queryInt`, `link`, `OfficePageQuery`, `OFFICE_TYPES`…): functions
 * that build schemas or format text, schemas, and constants.
 */
function contractsNames(dir: string): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const code = readFileSync(join(dir, file), 'utf8');
    for (const match of code.matchAll(/^(?:export )?(?:const|function) ([A-Za-z_$][\w$]*)/gm)) names.add(match[1]!);
  }
  return [...names];
}

/**
 * A call that builds a schema: of `z.…`, of one of the contracts' names or of a method of one
 * (`OfficePageQuery.extend(`), the parenthesis right after the callee. Not after a dot
 * (`value.limit(`), inside a word or in a function's declaration.
 */
function schemaCalls(names: string[]): RegExp {
  return new RegExp(`(?<![\\w$.])(?<!function )(?=(?:${['z', ...names].join('|')})(?:\\s*\\.\\s*[\\w$]+)*\\()`, 'g');
}

/**
 * Marks the calls in the contracts' sources pure (`/* @__PURE__ *\/`), so the bundler may drop the
 * schemas a chunk does not use. Without it every `z.strictObject(…)` counts as a call with side
 * effects: a screen importing only a constant or a formatter from a contracts file (PIE_LIMITS,
 * formatCents…) kept all of that file's schemas, and with them zod (24 KB gzip). Building a schema
 * has no effect outside the value it returns, and no contracts file calls anything at its top level
 * for an effect.
 */
/** `contractsDir`: libs/contracts/src. */
export function pureContractsPlugin(contractsDir: string): Plugin {
  const calls = schemaCalls(contractsNames(contractsDir));
  return {
    name: 'pie-pure-contracts',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACTS_SOURCE.test(id.split('?')[0]!) || id.endsWith('.test.ts')) return null;
      // Arguments of a call marked pure still count when they have effects: every call is marked.
      // Comments are left alone (their prose may read like a call: "days (today included)"). A `//` or
      // `/*` inside a string only leaves more of the file unmarked, never marks a string.
      const comments = [...code.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((match) => [match.index, match.index + match[0].length] as const);
      const inComment = (at: number) => comments.some(([start, end]) => at >= start && at < end);
      const marked = code.replace(calls, (match, at: number) => (inComment(at) ? match : '/* @__PURE__ */ '));
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
