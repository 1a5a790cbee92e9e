import { AdminRecordPage } from '../../shared/AdminRecordPage';

/** /admin/user-artists/:id: one artist user. */
export function UserArtistPage({ id }: { id: string }) {
  return <AdminRecordPage kind="Artist user" list={{ to: '/admin/user-artists', label: 'Artist users' }} id={id} />;
}
