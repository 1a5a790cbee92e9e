import { skipToken } from '@reduxjs/toolkit/query/react';
import { StripeConnectionSection, useCheckMonthlyFeeQuery, useGetWalletBalanceQuery } from '@web/features/artist/funds';
import { useChosenOffice } from '@web/features/artist/office';
import { ArtistSettingsPage } from '@web/features/artist/settings';
import { AfterFirstAnswers } from '@web/shared/ui';
import { useArtistUser } from '../../layout/area-context';

/**
 * /for-artists/settings, with the Stripe connection of the chosen office: drawn once the offices
 * and the connection have answered, so the connection arriving doesn't push the page down.
 */
export function Component() {
  const user = useArtistUser();
  const { offices, office } = useChosenOffice(user._id);
  const officeArgs = office ? { officeId: office._id } : skipToken;
  const check = useCheckMonthlyFeeQuery(officeArgs);
  const wallet = useGetWalletBalanceQuery(officeArgs);
  return (
    <AfterFirstAnswers queries={[offices, check, wallet]} label="Loading your settings…">
      <ArtistSettingsPage user={user} payments={office && <StripeConnectionSection key={office._id} office={office} />} />
    </AfterFirstAnswers>
  );
}
