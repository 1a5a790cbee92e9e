import { Button, Group, Text } from '@mantine/core';
import { Link, type To } from 'react-router';
import { formatNumber } from '../format';

export interface PagerProps {
  /** Names the navigation landmark, e.g. "History pages". */
  label: string;
  page: number;
  pages: number;
  /** Pages as links (the page lives in the URL)… */
  linkTo?: (page: number) => To;
  /** …or as buttons. */
  onPage?: (page: number) => void;
}

/** Previous / "Page n of m" / Next, as links when the page is in the URL. */
export function Pager({ label, page, pages, linkTo, onPage }: PagerProps) {
  if (pages <= 1) return null;
  const control = (target: number, text: string, enabled: boolean) => {
    if (!enabled) {
      return (
        <Button variant="default" disabled>
          {text}
        </Button>
      );
    }
    if (linkTo) {
      return (
        <Button variant="default" component={Link} to={linkTo(target)}>
          {text}
        </Button>
      );
    }
    return (
      <Button variant="default" onClick={() => onPage?.(target)}>
        {text}
      </Button>
    );
  };

  return (
    <Group component="nav" aria-label={label} justify="space-between" wrap="wrap" gap="sm">
      {control(page - 1, 'Previous page', page > 1)}
      <Text size="sm">{`Page ${formatNumber(page)} of ${formatNumber(pages)}`}</Text>
      {control(page + 1, 'Next page', page < pages)}
    </Group>
  );
}
