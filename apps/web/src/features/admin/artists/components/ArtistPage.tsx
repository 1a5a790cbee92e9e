import { AdminRecordPage } from '../../shared/AdminRecordPage';

/** /admin/artists/:id: one artist. */
export function ArtistPage({ id }: { id: string }) {
  return <AdminRecordPage kind="Artist" list={{ to: '/admin/artists', label: 'Artists' }} id={id} />;
}
