import { useState } from 'react';
import { errorMessage } from '@web/shared/api';
import { browserLocation } from '@web/shared/browser';
import { useCompleteOnboardingMutation, useCreateLoginLinkMutation } from '../api/funds.api';

/**
 * The office admin's ways into Stripe: onboarding (connecting, continuing, or connecting again
 * after a disconnect — the same call) and the Stripe dashboard. Each goes to a one-off link.
 */
export function useStripeLinks(officeId: string) {
  const [completeOnboarding, onboarding] = useCompleteOnboardingMutation();
  const [createLoginLink, loginLink] = useCreateLoginLinkMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const go = async (make: () => Promise<string>, fallback: string) => {
    setFailure(null);
    try {
      browserLocation.assign(await make());
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    }
  };
  return {
    connect: () => go(async () => (await completeOnboarding({ officeId }).unwrap()).accountLink.url, 'We could not open Stripe. Please try again.'),
    dashboard: () => go(async () => (await createLoginLink({ officeId }).unwrap()).login_url, 'We could not open the Stripe dashboard. Please try again.'),
    connecting: onboarding.isLoading,
    openingDashboard: loginLink.isLoading,
    failure,
  };
}
