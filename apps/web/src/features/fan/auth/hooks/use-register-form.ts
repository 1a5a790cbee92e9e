import type { PromoCode } from '../api/types';
import { useRegistrationForm } from '@web/shared/account';
import { getCaptchaToken } from '@web/shared/captcha';
import { useRegisterMutation } from '../api/auth.api';

export {
  registerFormSchema,
  REGISTRATION_FAILED,
  PROMO_ALREADY_USED,
  registrationErrorMessage,
  type RegisterFormValues,
} from '@web/shared/account';

/** The browser's time zone: the fan's days in every listening figure (UTC when the browser will not say). */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fan registration form (spec §3 payload): a fresh captcha token for
 * `email_register` with each attempt, `promo: 'try'` on the /try page, and the browser's time zone.
 */
export function useRegisterForm({ promo }: { promo?: PromoCode } = {}) {
  const [register] = useRegisterMutation();
  return useRegistrationForm({
    submit: async (details) => {
      const recaptchaToken = await getCaptchaToken('email_register');
      await register({ ...details, accepted_terms_and_conditions: true, recaptchaToken, promo, time_zone: browserTimeZone() }).unwrap();
    },
  });
}
