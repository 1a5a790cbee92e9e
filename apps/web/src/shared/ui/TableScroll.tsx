import { Box, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableScrollProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  mt?: MantineSpacing;
  children: ReactNode;
}

/**
 * A frame in which a table wider than the screen scrolls sideways, with the browser's own
 * scrolling (Mantine's Table.ScrollContainer brings its ScrollArea, ~5 KB gzip, to every screen
 * with a table). Focusable, so keyboard users can scroll it too.
 */
export function TableScroll({ minWidth, mt, children }: TableScrollProps) {
  return (
    <Box mt={mt} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
