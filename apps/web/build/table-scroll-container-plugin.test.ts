import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableScrollContainerPlugin } from './table-scroll-container-plugin';

// Run from the repository's root or from apps/web (the web project's root).
const repoRoot = existsSync(join(process.cwd(), 'node_modules/@mantine/core')) ? process.cwd() : join(process.cwd(), '../..');
const TABLE = join(repoRoot, 'node_modules/@mantine/core/esm/components/Table/Table.mjs');

function transform(code: string, id: string): string | null {
  return (tableScrollContainerPlugin().transform as (code: string, id: string) => { code: string } | null)(code, id)?.code ?? null;
}

describe('Table without its ScrollContainer', () => {
  it('drops the installed Mantine Table’s import of TableScrollContainer (and so of ScrollArea)', () => {
    const code = transform(readFileSync(TABLE, 'utf8'), TABLE);
    expect(code).not.toBeNull();
    expect(code).not.toContain('TableScrollContainer');
    expect(code).toContain('Table.ScrollContainer = function ScrollContainer() { throw');
    expect(code).toContain('Table.Td = TableTd;');
  });

  it('leaves every other module alone', () => {
    expect(transform('import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";', '/x/node_modules/@mantine/core/esm/components/Modal/Modal.mjs')).toBeNull();
  });

  it('fails the build when the Table wires its ScrollContainer otherwise', () => {
    expect(() => transform('export const Table = {};', TABLE)).toThrow(/no longer imports TableScrollContainer/);
  });
});
