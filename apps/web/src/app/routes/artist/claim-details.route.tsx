import { useParams } from 'react-router';
import { ClaimPage } from '@web/features/artist/claims';
import { ClaimFundsSection } from '@web/features/artist/funds';
import { FundingInsightsSection } from '@web/features/artist/insights';

/** /for-artists/artists/:id: a claimed artist's details, its funding insights (issue 31) and its money. */
export function Component() {
  const { id } = useParams();
  return (
    <ClaimPage
      key={id}
      claimId={id ?? ''}
      title="Claim details"
      funds={
        id && (
          <>
            <FundingInsightsSection claimId={id} />
            <ClaimFundsSection claimId={id} />
          </>
        )
      }
    />
  );
}
