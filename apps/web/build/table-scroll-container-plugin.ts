import type { Plugin } from 'vite';

const TABLE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]Table\.mjs$/;
const IMPORT = 'import { TableScrollContainer } from "./TableScrollContainer.mjs";';
const ASSIGNMENT = 'Table.ScrollContainer = TableScrollContainer;';

/**
 * Mantine's Table hangs `Table.ScrollContainer` on itself, and with it ScrollArea (5 KB gzip): on
 * every screen with a table, though the app scrolls its tables with the browser's own scrolling
 * (shared/ui/TableScroll). The build leaves it out; using it fails loudly instead of drawing
 * nothing. A Mantine release that wires it otherwise fails the build here.
 */
export function tableScrollContainerPlugin(): Plugin {
  return {
    name: 'pie-table-scroll-container',
    apply: 'build',
    transform(code, id) {
      if (!TABLE.test(id.split('?')[0]!)) return null;
      if (!code.includes(IMPORT) || !code.includes(ASSIGNMENT)) {
        throw new Error('table-scroll-container: Mantine’s Table no longer imports TableScrollContainer as expected; see apps/web/build/table-scroll-container-plugin.ts');
      }
      return {
        code: code
          .replace(IMPORT, '')
          .replace(
            ASSIGNMENT,
            'Table.ScrollContainer = function ScrollContainer() { throw new Error("Table.ScrollContainer is left out of the build: use TableScroll (shared/ui)"); };',
          ),
        map: null,
      };
    },
  };
}
