import { Container, type ContainerProps } from '@mantine/core';

/**
 * The one page-width scale of every area: `content` for reading and forms (help, legal pages,
 * settings, landing pages), `wide` for a fan's data (dashboard, history, report, maps), `full`
 * for the back office's tables and the header and footer.
 */
export const PAGE_WIDTHS = { content: 'md', wide: 'lg', full: 'xl' } as const;
export type PageWidth = keyof typeof PAGE_WIDTHS;

export interface PageContainerProps extends Omit<ContainerProps, 'size'> {
  width: PageWidth;
}

/** A page's column at one of the scale's widths (Mantine's container sizes md, lg and xl). */
export function PageContainer({ width, ...props }: PageContainerProps) {
  return <Container size={PAGE_WIDTHS[width]} {...props} />;
}
