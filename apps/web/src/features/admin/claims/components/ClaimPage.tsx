import { Anchor, Button, Code, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminClaimDetails } from '#pie/contracts';
import { errorMessage } from '@web/shared/api';
import { formatDateTime } from '@web/shared/format';
import { ReasonDialog, Section } from '@web/shared/ui';
import { AdminRecordPage, AdminRefLink, AuditLogSection, ConfirmAction, useAdminActionMutation } from '@web/shared/back-office';


/** /admin/claims/:id: one claim, the proof to check (the pages, the string, the account), manual verification, a rejection with its reason, the history. */
export function ClaimPage({ id }: { id: string }) {
  return (
    <AdminRecordPage
      kind="Claim"
      id={id}
      path={`claims/${id}`}
      list={{ to: '/admin/claims', label: 'Claims' }}
      title={(claim: AdminClaimDetails) => `Claim on ${claim.artistName}`}
      facts={(claim: AdminClaimDetails) => [
        { label: 'Status', value: claim.status },
        { label: 'Artist', value: <AdminRefLink value={{ type: 'artist', id: claim.artistId, name: claim.artistName }} /> },
        { label: 'Office', value: <AdminRefLink value={{ type: 'office', id: claim.officeId, name: claim.officeName }} /> },
        { label: 'Claimed by', value: claim.claimedBy ? <AdminRefLink value={{ type: 'artist_user', id: claim.claimedById, name: claim.claimedBy }} /> : '—' },
        { label: 'Method', value: claim.platform ? `${claim.verificationMethod} (${claim.platform})` : claim.verificationMethod },
        { label: 'Created', value: formatDateTime(claim.createdAt) },
      ]}
    >
      {(claim: AdminClaimDetails) => (
        <>
          <ProofSection claim={claim} />
          <Section title="Review" description="Verify by hand once you have checked the proof yourself, or reject the claim with the reason the office will read.">
            <Stack gap="md">
              {(claim.status === 'pending' || claim.status === 'verifying') && (
                <>
                  <ConfirmAction
                    label="Verify manually"
                    title="Verify this claim by hand?"
                    text={`The claim becomes successful: ${claim.officeName} becomes ${claim.artistName}'s payee, and any escrow is released to it once its Stripe account is enabled.`}
                    request={{ method: 'POST', path: `claims/${id}/verify-bio`, body: { manualVerification: true } }}
                    confirmLabel="Verify"
                  />
                  <RejectClaim claim={claim} />
                </>
              )}
              {claim.status === 'successful' && <Text>This claim is successful.</Text>}
              {claim.status === 'rejected' && <Text>{`Rejected: ${claim.history.findLast((change) => change.to === 'rejected')?.reason ?? 'no reason was given'}`}</Text>}
            </Stack>
          </Section>
          <Section title="History">
            <Stack gap={4}>
              {claim.history.map((change, index) => (
                <Text key={index} size="sm">{`${formatDateTime(change.at)}: ${change.from ?? 'new'} → ${change.to}${change.reason ? ` (${change.reason})` : ''}`}</Text>
              ))}
            </Stack>
          </Section>
          <Section title="Fans' reports">
            {claim.reports.length === 0 ? <Text c="dimmed">No fan has reported this claim.</Text> : claim.reports.map((report) => <Text key={report.id} size="sm">{`${formatDateTime(report.createdAt)}: ${report.reason}`}</Text>)}
          </Section>
          <AuditLogSection targetType="claim" targetId={id} title="Audit log of this claim" />
        </>
      )}
    </AdminRecordPage>
  );
}

/** What to check before verifying by hand: where the string goes, the string, and what the last attempt read. */
function ProofSection({ claim }: { claim: AdminClaimDetails }) {
  return (
    <Section title="Proof" description="Open the pages and check the string yourself before you verify by hand.">
      <Stack gap="sm">
        <Text>
          Verification string: <Code>{claim.verificationString}</Code>
        </Text>
        {claim.proof.profileUrl ? (
          <Text>
            The artist’s profile page:{' '}
            <Anchor href={claim.proof.profileUrl} target="_blank" rel="noopener noreferrer">
              {`${claim.artistName} on Spotify`}
            </Anchor>
          </Text>
        ) : (
          <Text c="dimmed">This artist has no Spotify profile to check.</Text>
        )}
        {claim.lastAttempt ? (
          <>
            <Text size="sm">{`Last attempt, ${formatDateTime(claim.lastAttempt.at)}: ${claim.lastAttempt.ok ? 'passed' : 'failed'}${claim.lastAttempt.message ? ` — ${claim.lastAttempt.message}` : ''}`}</Text>
            {claim.proof.checked.length > 0 && (
              <List size="sm" aria-label="What the last attempt read">
                {claim.proof.checked.map((page) => (
                  <List.Item key={`${page.label}-${page.url}`}>
                    <Anchor href={page.url} target="_blank" rel="noopener noreferrer">
                      {page.label}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            )}
          </>
        ) : (
          <Text c="dimmed">The office has not tried to verify yet.</Text>
        )}
      </Stack>
    </Section>
  );
}

/** Reject behind a dialog that asks for the reason the office reads on its claim's page and in the mail. */
function RejectClaim({ claim }: { claim: AdminClaimDetails }) {
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [act, acting] = useAdminActionMutation();
  const reject = async (reason: string) => {
    try {
      await act({ method: 'PATCH', path: `claims/${claim.id}/status`, body: { status: 'rejected', reason } }).unwrap();
      setOutcome({ ok: true, text: 'Rejected: the office has been told why.' });
      setOpened(false);
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'The claim was not rejected') });
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button color="red" onClick={() => setOpened(true)}>
        Reject
      </Button>
      {outcome && (
        <Text role={outcome.ok ? 'status' : 'alert'} c={outcome.ok ? 'teal' : 'red'} size="sm">
          {outcome.text}
        </Text>
      )}
      <ReasonDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Reject this claim?"
        text={`${claim.officeName} is told its claim on ${claim.artistName} was rejected, with your reason, on its claim's page and by e-mail. It cannot be reopened.`}
        label="Reason (the office reads it)"
        tooShortText="Say why, in a few words"
        confirmLabel="Reject"
        onConfirm={(reason) => void reject(reason)}
        loading={acting.isLoading}
        maxLength={500}
      />
    </Stack>
  );
}
