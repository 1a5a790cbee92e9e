import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scrollAreaRefsPlugin } from './scroll-area-refs-plugin';

// Run from the repository's root or from apps/web (the web project's root).
const repoRoot = existsSync(join(process.cwd(), 'node_modules/@mantine/core')) ? process.cwd() : join(process.cwd(), '../..');
const SCROLL_AREA = join(repoRoot, 'node_modules/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs');

function transform(code: string, id: string): string | null {
  return (scrollAreaRefsPlugin().transform as (code: string, id: string) => { code: string } | null)(code, id)?.code ?? null;
}

describe('ScrollArea without floating-ui', () => {
  it('takes Mantine’s useMergedRef for the installed Mantine’s ScrollArea, and nothing of floating-ui', () => {
    const code = transform(readFileSync(SCROLL_AREA, 'utf8'), SCROLL_AREA);
    expect(code).not.toBeNull();
    expect(code).not.toContain('@floating-ui');
    expect(code).toContain('import { useMergedRef } from "@mantine/hooks";');
    expect(code).toMatch(/useMergeRefs\(\[/);
  });

  it('leaves every other module alone', () => {
    const popover = 'import { useFloating } from "@floating-ui/react";';
    expect(transform(popover, '/x/node_modules/@mantine/core/esm/components/Popover/use-popover.mjs')).toBeNull();
  });

  it('fails the build when ScrollArea takes more of floating-ui than the one hook', () => {
    const code = 'import { useMergeRefs } from "@floating-ui/react";\nimport { useFloating } from "@floating-ui/react";';
    expect(() => transform(code, SCROLL_AREA)).toThrow(/otherwise than `useMergeRefs` alone/);
  });
});
