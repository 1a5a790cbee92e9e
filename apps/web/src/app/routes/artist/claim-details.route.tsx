import { useParams } from 'react-router';
import { ClaimPage } from '@web/features/artist/claims';
import { ClaimFundsSection } from '@web/features/artist/funds';
import { FundingInsightsSection, useGetClaimInsightsQuery } from '@web/features/artist/insights';
import { AfterFirstAnswers } from '@web/shared/ui';

/** The claimed artist's insights, then its money: drawn once the insights have answered, which would otherwise push the money down. */
function ClaimMoney({ claimId }: { claimId: string }) {
  const insights = useGetClaimInsightsQuery(claimId);
  return (
    <AfterFirstAnswers queries={[insights]} label="Loading this artist's funding…">
      <FundingInsightsSection claimId={claimId} />
      <ClaimFundsSection claimId={claimId} />
    </AfterFirstAnswers>
  );
}

/** /for-artists/artists/:id: a claimed artist's details, its funding insights (issue 31) and its money. */
export function Component() {
  const { id } = useParams();
  return <ClaimPage key={id} claimId={id ?? ''} title="Claim details" funds={id && <ClaimMoney claimId={id} />} />;
}
