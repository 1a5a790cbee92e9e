import { RecordNotFoundPage } from '../../../../shared/ui';

/** /admin/artists/:id: one artist. */
export function ArtistPage({ id }: { id: string }) {
  return <RecordNotFoundPage kind="Artist" list={{ to: '/admin/artists', label: 'Artists' }} id={id} />;
}
