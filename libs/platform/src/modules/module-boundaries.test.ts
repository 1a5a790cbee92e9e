import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 30: a module reads and writes only its own schema; what it needs of another module goes
// through that module's facade, a command or an event. Typed queries enforce it for Kysely (a
// module's `Tables` hold only its schema); this catches it in any SQL text. Every string literal of
// a module's sources is searched for `<schema>.<table>` of a table another schema owns.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Reads across schemas that are still there, each with why; the list may only shrink (an entry
 * that no longer happens fails too, so it is removed when its read is).
 */
const KNOWN_CROSS_SCHEMA_READS: Record<string, string[]> = {
};

function tablesBySchema(): Map<string, Set<string>> {
  const files = readdirSync(join(ROOT, 'libs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('tables.generated.ts'));
  const tables = new Map<string, Set<string>>();
  for (const file of files) {
    for (const [, schema, table] of readFileSync(join(ROOT, 'libs', file), 'utf8').matchAll(/^ {2}'(\w+)\.(\w+)': /gm)) {
      tables.set(schema!, (tables.get(schema!) ?? new Set()).add(table!));
    }
  }
  return tables;
}

/** `libs/<m>/src/<file>` → the other schemas' tables its string literals name. */
function crossSchemaReferences(): Record<string, string[]> {
  const tables = tablesBySchema();
  const found: Record<string, string[]> = {};
  for (const module of readdirSync(join(ROOT, 'libs'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
    const sources = readdirSync(join(ROOT, 'libs', module, 'src'), { recursive: true, encoding: 'utf8' });
    for (const file of sources.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.generated.ts'))) {
      const text = readFileSync(join(ROOT, 'libs', module, 'src', file), 'utf8');
      const names = new Set<string>();
      for (const [literal] of text.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
        for (const [name, schema, table] of literal.matchAll(/\b([a-z]+)\.([a-z_]+)\b/g)) {
          if (schema !== module && tables.get(schema!)?.has(table!)) names.add(name);
        }
      }
      if (names.size) found[`libs/${module}/src/${file}`] = [...names].sort();
    }
  }
  return found;
}

describe('module boundaries in SQL', () => {
  it('no module names another schema’s table, beyond the known reads being removed', () => {
    expect(tablesBySchema().get('ledger')?.has('postings')).toBe(true);
    expect(crossSchemaReferences()).toEqual(KNOWN_CROSS_SCHEMA_READS);
  });
});
