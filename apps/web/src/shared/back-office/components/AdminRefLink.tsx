import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminRef } from '#pie/contracts';

/** Where a named record's back-office page is (a pie period's is its fan's). */
export function refPath(ref: AdminRef): string | null {
  switch (ref.type) {
    case 'fan':
      return `/admin/fans/${ref.id}`;
    case 'artist':
      return `/admin/artists/${ref.id}`;
    case 'office':
      return `/admin/offices/${ref.id}`;
    case 'claim':
      return `/admin/claims/${ref.id}`;
    case 'artist_user':
      return `/admin/user-artists/${ref.id}`;
    case 'period':
      return ref.fanId ? `/admin/fans/${ref.fanId}` : null;
  }
}

/** A record by its name, linking to its page. */
export function AdminRefLink({ value }: { value: AdminRef }) {
  const path = refPath(value);
  return path ? (
    <Anchor component={Link} to={path}>
      {value.name}
    </Anchor>
  ) : (
    <>{value.name}</>
  );
}

/** Several records, each by its name and linked. */
export function AdminRefLinks({ values }: { values: AdminRef[] }) {
  if (values.length === 0) return <>—</>;
  return (
    <Group gap={6} wrap="wrap">
      {values.map((value, index) => (
        <span key={`${value.type}:${value.id}`}>
          <AdminRefLink value={value} />
          {index < values.length - 1 ? ',' : ''}
        </span>
      ))}
    </Group>
  );
}
