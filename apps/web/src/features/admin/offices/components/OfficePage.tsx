import { AdminRecordPage } from '../../shared/AdminRecordPage';

/** /admin/offices/:id: one office. */
export function OfficePage({ id }: { id: string }) {
  return <AdminRecordPage kind="Office" list={{ to: '/admin/offices', label: 'Offices' }} id={id} />;
}
