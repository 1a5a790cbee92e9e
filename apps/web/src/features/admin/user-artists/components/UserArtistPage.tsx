import { RecordNotFoundPage } from '../../../../shared/ui';

/** /admin/user-artists/:id: one artist user. */
export function UserArtistPage({ id }: { id: string }) {
  return <RecordNotFoundPage kind="Artist user" list={{ to: '/admin/user-artists', label: 'Artist users' }} id={id} />;
}
