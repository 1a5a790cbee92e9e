import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '@web/shared/api';
import { getCaptchaToken } from '@web/shared/captcha';
import { useLazyPromoAvailabilityQuery } from '../api/auth.api';
import { useRegisterForm } from './use-register-form';

export const CHECKING_PROMOTION = 'Checking promotion code availability...';
export const PROMOTION_CHECK_FAILED = 'Failed to check promotion code availability';
export const RECAPTCHA_NOT_AVAILABLE = 'reCAPTCHA not available';

/** Spec §4: checking, then unavailable, offer or registered. */
export type TryStep =
  | { step: 'checking' }
  | { step: 'unavailable'; reason: string | null }
  | { step: 'offer'; remaining: number }
  | { step: 'registered'; email: string; firstName: string | null };

type Availability = Exclude<TryStep, { step: 'registered' }>;

/**
 * The /try page's state machine. The availability check runs once (with a
 * `check_promo_availability` captcha token); a failed check counts as
 * unavailable (spec §8). Registering (promo 'try') moves to registered; a
 * registration error stays on the offer with spec §8's text.
 */
export function useTryPromotion() {
  const [checkAvailability] = useLazyPromoAvailabilityQuery();
  const [availability, setAvailability] = useState<Availability>({ step: 'checking' });
  const started = useRef(false);
  const registration = useRegisterForm({ promo: 'try' });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      let recaptchaToken: string | undefined;
      try {
        recaptchaToken = await getCaptchaToken('check_promo_availability');
      } catch (error) {
        console.error(error);
        setAvailability({ step: 'unavailable', reason: RECAPTCHA_NOT_AVAILABLE });
        return;
      }
      try {
        const answer = await checkAvailability({ recaptchaToken }, false).unwrap();
        const data = answer.data;
        if (data?.available && data.remaining > 0) {
          setAvailability({ step: 'offer', remaining: data.remaining });
        } else {
          setAvailability({ step: 'unavailable', reason: null });
        }
      } catch (error) {
        setAvailability({ step: 'unavailable', reason: serverMessage(error) ?? PROMOTION_CHECK_FAILED });
      }
    })();
  }, [checkAvailability]);

  const state: TryStep = registration.registeredEmail
    ? { step: 'registered', email: registration.registeredEmail, firstName: registration.registeredFirstName }
    : availability;

  return { state, registration };
}
