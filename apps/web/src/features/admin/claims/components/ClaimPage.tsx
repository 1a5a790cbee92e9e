import { RecordNotFoundPage } from '../../../../shared/ui';

/** /admin/claims/:id: one claim. */
export function ClaimPage({ id }: { id: string }) {
  return <RecordNotFoundPage kind="Claim" list={{ to: '/admin/claims', label: 'Claims' }} id={id} />;
}
