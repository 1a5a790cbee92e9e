import { z } from 'zod';

/** Limits shared by the server's checks and the screens' hints. */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes anything, but a megabyte password is a denial-of-service, not a password. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PROMO_CODES = ['try'] as const;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'Please enter a valid email' }))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

/** `POST /api/auth/register` (spec §3: e-mail registration payload). */
export const RegisterFanRequest = z.strictObject({
  email,
  first_name: personName('First name'),
  last_name: personName('Last name'),
  password,
  accepted_terms_and_conditions: z.literal(true, {
    error: 'You must accept the terms and conditions',
  }),
  recaptchaToken: z.string().max(4096, 'recaptchaToken is too long').optional(),
  promo: z.enum(PROMO_CODES, { error: "promo must be 'try' when given" }).optional(),
});
export type RegisterFanRequest = z.infer<typeof RegisterFanRequest>;

/** `POST /api/auth/login` (spec §3: login form). */
export const LoginRequest = z.strictObject({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Tokens from e-mail links are 32 random bytes, base64url: 43 characters. */
export const EmailTokenParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid');

/** The signed-in fan as `GET /api/user` returns it. */
export interface FanUser {
  _id: string;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: boolean;
  promo_eligible: boolean;
  used_promotion_code: boolean;
  stripe_customer_id: string | null;
  created_at: string;
}
