import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const FLOATING_IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';

/**
 * Mantine's ScrollArea (under every Table and Modal) imports one hook from @floating-ui/react,
 * `useMergeRefs`, and with it all of floating-ui (9 KB gzip): the library of popovers, on every
 * screen with a table. Mantine's own `useMergedRef` merges refs the same way (each ref set, each
 * cleanup run); ScrollArea takes it instead, and floating-ui comes only with the popovers, menus and
 * selects that position something. A Mantine release that imports it otherwise fails the build here.
 */
export function scrollAreaRefsPlugin(): Plugin {
  return {
    name: 'pie-scroll-area-refs',
    apply: 'build',
    transform(code, id) {
      if (!SCROLL_AREA.test(id.split('?')[0]!)) return null;
      if (!code.includes('@floating-ui/')) return null;
      if (!code.includes(FLOATING_IMPORT) || /@floating-ui\/[^"]*"/.test(code.replace(FLOATING_IMPORT, ''))) {
        throw new Error('scroll-area-refs: Mantine’s ScrollArea imports floating-ui otherwise than `useMergeRefs` alone; see apps/web/build/scroll-area-refs-plugin.ts');
      }
      return {
        code: code.replace(
          FLOATING_IMPORT,
          'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);',
        ),
        map: null,
      };
    },
  };
}
