import { AdminRecordPage } from '../../shared/AdminRecordPage';

/** /admin/claims/:id: one claim. */
export function ClaimPage({ id }: { id: string }) {
  return <AdminRecordPage kind="Claim" list={{ to: '/admin/claims', label: 'Claims' }} id={id} />;
}
