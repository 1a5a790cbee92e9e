import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '../../../shared/ui';

export interface AdminRecordPageProps {
  /** The record's kind, as its page titles it ('Artist', 'Artist user'). */
  kind: string;
  /** The list the record belongs to. */
  list: { to: string; label: string };
  id: string;
}

/**
 * One record of the back office, with the way back to its list. Until its module's data
 * arrives with a later issue, every id is unknown and the page says so plainly.
 */
export function AdminRecordPage({ kind, list, id }: AdminRecordPageProps) {
  const noun = kind.toLowerCase();
  return (
    <PageFrame title={kind} site="Pie admin" back={list}>
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
