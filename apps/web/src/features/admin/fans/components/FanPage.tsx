import { AdminRecordPage } from '../../shared/AdminRecordPage';

/** /admin/fans/:id: one fan. */
export function FanPage({ id }: { id: string }) {
  return <AdminRecordPage kind="Fan" list={{ to: '/admin/fans', label: 'Fans' }} id={id} />;
}
