import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from './EmptyState';
import { PageFrame } from './PageFrame';

export interface RecordNotFoundPageProps {
  /** The record's kind, as its page titles it ('Artist', 'Artist user'). */
  kind: string;
  /** The list the record belongs to. */
  list: { to: string; label: string };
  id: string;
  /** ' · Pie admin' and the like: the area's document title suffix. */
  site?: string;
}

/**
 * A record whose id is unknown (or not the caller's), with the way back to its list: every
 * area's detail pages say it the same way.
 */
export function RecordNotFoundPage({ kind, list, id, site = 'Pie admin' }: RecordNotFoundPageProps) {
  const noun = kind.toLowerCase();
  return (
    <PageFrame title={kind} site={site} back={list}>
      <EmptyState
        title={`No ${noun} with this id`}
        action={
          <Anchor component={Link} to={list.to}>
            {`Back to ${list.label.toLowerCase()}`}
          </Anchor>
        }
      >
        {`There is no ${noun} with the id ${id}.`}
      </EmptyState>
    </PageFrame>
  );
}
