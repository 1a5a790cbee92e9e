import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../../shared/format';
import { Section } from '../../../../shared/ui';
import { AdminRecordPage, AuditLogSection, ConfirmAction } from '../../../../shared/back-office';

/** /admin/claims/:id: one claim, its proof and history, manual verification and status changes. */
export function ClaimPage({ id }: { id: string }) {
  return (
    <AdminRecordPage
      kind="Claim"
      id={id}
      path={`claims/${id}`}
      list={{ to: '/admin/claims', label: 'Claims' }}
      title={(claim) => `Claim on ${claim.artistName}`}
      facts={(claim) => [
        { label: 'Status', value: claim.status },
        { label: 'Office', value: claim.officeName },
        { label: 'Claimed by', value: claim.claimedBy },
        { label: 'Method', value: claim.verificationMethod },
        { label: 'Verification string', value: claim.verificationString },
        { label: 'Created', value: formatDateTime(claim.createdAt) },
      ]}
    >
      {(claim) => (
        <>
          <Section title="Review" description="Verify by hand once you have checked the proof yourself, or reject the claim.">
            <Stack gap="md">
              {(claim.status === 'pending' || claim.status === 'verifying') && (
                <ConfirmAction
                  label="Verify manually"
                  title="Verify this claim by hand?"
                  text={`The claim becomes successful: ${claim.officeName} becomes ${claim.artistName}'s payee, and any escrow is released to it once its Stripe account is enabled.`}
                  request={{ method: 'POST', path: `claims/${id}/verify-bio`, body: { manualVerification: true } }}
                  confirmLabel="Verify"
                />
              )}
              {(claim.status === 'pending' || claim.status === 'verifying') && (
                <ConfirmAction label="Reject" color="red" title="Reject this claim?" text="The office is told its claim was rejected; it cannot be reopened." request={{ method: 'PATCH', path: `claims/${id}/status`, body: { status: 'rejected' } }} confirmLabel="Reject" />
              )}
              {claim.status === 'successful' && <Text>This claim is successful.</Text>}
            </Stack>
          </Section>
          <Section title="History">
            <Stack gap={4}>
              {claim.history.map((change: { from: string | null; to: string; at: string; reason: string | null }, index: number) => (
                <Text key={index} size="sm">{`${formatDateTime(change.at)}: ${change.from ?? 'new'} → ${change.to}${change.reason ? ` (${change.reason})` : ''}`}</Text>
              ))}
            </Stack>
          </Section>
          <Section title="Fans' reports">
            {claim.reports.length === 0 ? <Text c="dimmed">No fan has reported this claim.</Text> : claim.reports.map((report: { id: string; reason: string; createdAt: string }) => <Text key={report.id} size="sm">{`${formatDateTime(report.createdAt)}: ${report.reason}`}</Text>)}
          </Section>
          <AuditLogSection targetType="claim" targetId={id} title="Audit log of this claim" />
        </>
      )}
    </AdminRecordPage>
  );
}
