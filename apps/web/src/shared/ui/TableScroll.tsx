import { Box, type MantineSpacing } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './table-scroll.module.css';

export interface TableScrollProps {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /**
   * On a phone (below 40em), show each row as a stacked card instead: every cell on its own line
   * under its column's name (give each cell `data-label`; a cell without one spans the card).
   */
  stackOnPhone?: boolean;
  mt?: MantineSpacing;
  /** Names the scrolling region for screen readers, e.g. 'Plays (table)'. */
  label?: string;
  children: ReactNode;
}

/**
 * A frame in which a table wider than the screen scrolls sideways, with the browser's own
 * scrolling (Mantine's Table.ScrollContainer brings its ScrollArea, ~5 KB gzip, to every screen
 * with a table). Focusable, so keyboard users can scroll it too.
 */
export function TableScroll({ minWidth, stackOnPhone = false, mt, label, children }: TableScrollProps) {
  return (
    <Box
      mt={mt}
      tabIndex={0}
      role={label ? 'region' : undefined}
      aria-label={label}
      className={`${classes.frame}${stackOnPhone ? ` ${classes.stacked}` : ''}`}
      style={{ '--table-min-width': `${minWidth}px` } as CSSProperties}
    >
      <div className={classes.inner}>{children}</div>
    </Box>
  );
}
