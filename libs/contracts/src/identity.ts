import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PROMO_CODES } from './identity-limits.js';

/** Tokens from e-mail links are 32 random bytes, base64url: 43 characters. */
export const EMAIL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** What a link whose token has another shape says (the web checks the shape without zod: its pages arrive from e-mails). */
export const EMAIL_TOKEN_INVALID = 'This link is not valid';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Please enter a valid email' }))
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

/** An IANA time zone name this runtime knows (Intl throws a RangeError for any other). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

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
  /** The browser's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`): the fan's days. UTC when not sent. */
  time_zone: z
    .string({ error: 'time_zone must be text' })
    .max(64, 'time_zone must be at most 64 characters')
    .refine(isTimeZone, 'time_zone must be an IANA time zone such as Europe/Paris')
    .optional(),
});
export type RegisterFanRequest = z.infer<typeof RegisterFanRequest>;

/** `POST /api/auth/forgot-password`, `POST /api/for-artists/auth/forgot-password`. */
export const ForgotPasswordRequest = z.strictObject({
  email,
  recaptchaToken: z.string().max(4096, 'recaptchaToken is too long').optional(),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** `POST /api/auth/resend-verification`, `POST /api/for-artists/auth/resend-verification`. */
export const ResendVerificationRequest = ForgotPasswordRequest;
export type ResendVerificationRequest = ForgotPasswordRequest;

/** `POST /api/auth/reset-password/:token` (spec §3: token in path, password in body). */
export const ResetPasswordRequest = z.strictObject({ password });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** `PUT /api/user/name`: the fan's first and last name as they want to be greeted. */
export const UpdateFanNameRequest = z.strictObject({
  first_name: personName('First name'),
  last_name: personName('Last name'),
});
export type UpdateFanNameRequest = z.infer<typeof UpdateFanNameRequest>;

/**
 * `PUT /api/user/password`: the password changed in place. The current one proves it is the
 * account's owner at the keyboard; the new one follows the sign-up rules and must differ.
 */
export const ChangePasswordRequest = z
  .strictObject({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX_LENGTH, `Current password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    new_password: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .refine((body) => body.new_password !== body.current_password, {
    path: ['new_password'],
    message: 'The new password must differ from the current one',
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** `POST /api/for-artists/auth/register`. */
export const RegisterArtistRequest = z.strictObject({
  email,
  first_name: personName('First name'),
  last_name: personName('Last name'),
  password,
  accepted_terms_and_conditions: z.literal(true, { error: 'You must accept the terms and conditions' }),
  recaptchaToken: z.string().max(4096, 'recaptchaToken is too long').optional(),
});
export type RegisterArtistRequest = z.infer<typeof RegisterArtistRequest>;

/** What the completion of an office invitation says of a token of another shape (the web checks it without zod). */
export const INVITATION_LINK_INVALID = 'This invitation link is not valid';

/** `POST /api/for-artists/auth/complete-registration`: someone invited to an office sets up their account. */
export const CompleteArtistRegistrationRequest = z.strictObject({
  token: z.string().regex(EMAIL_TOKEN_PATTERN, INVITATION_LINK_INVALID),
  first_name: personName('First name'),
  last_name: personName('Last name'),
  password,
});
export type CompleteArtistRegistrationRequest = z.infer<typeof CompleteArtistRegistrationRequest>;

const optionalProfileText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** `PATCH /api/for-artists/user/profile`: any subset of the four profile fields. */
export const UpdateArtistProfileRequest = z
  .strictObject({
    first_name: optionalProfileText('First name', NAME_MAX_LENGTH).optional(),
    last_name: optionalProfileText('Last name', NAME_MAX_LENGTH).optional(),
    phone_number: z
      .string({ error: 'Phone number must be text' })
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'Please enter a valid phone number')
      .optional(),
    country: z
      .string({ error: 'Country must be text' })
      .trim()
      .regex(/^[A-Z]{2}$/, 'Country must be a two-letter ISO code such as US')
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to update' });
export type UpdateArtistProfileRequest = z.infer<typeof UpdateArtistProfileRequest>;

/** `POST /api/auth/login` (spec §3: login form). */
export const LoginRequest = z.strictObject({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  /** Required (action `login`) once an account has had many wrong passwords in a row. */
  recaptchaToken: z.string().max(4096, 'recaptchaToken is too long').optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const EmailTokenParam = z.string().regex(EMAIL_TOKEN_PATTERN, EMAIL_TOKEN_INVALID);

/** The signed-in fan as `GET /api/user` returns it. */
export interface FanUser {
  _id: string;
  linked_accounts?: LinkedAccount[];
  has_password?: boolean;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: boolean;
  promo_eligible: boolean;
  used_promotion_code: boolean;
  stripe_customer_id: string | null;
  /** IANA time zone: the fan's days in every listening figure. */
  time_zone?: string;
  created_at: string;
}

/** The signed-in artist or office member (spec §3: artist user). */
export interface ArtistUser {
  _id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  country: string | null;
  /** Offices arrive with the offices module; until then always empty. */
  office: { _id: string; name: string; role: string }[];
  email_verified: boolean;
  profile_complete: boolean;
  linked_accounts: LinkedAccount[];
  created_at: string;
}

export interface AdminProfile {
  _id: string;
  email: string;
  name: string;
}

export const SOCIAL_PROVIDERS = ['spotify', 'google', 'twitter', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface LinkedAccount {
  provider: SocialProvider;
  email: string | null;
  display_name: string | null;
}

/** Spec §3: the fields that decide whether an artist's profile is complete (the profile form marks them required). */
export const ARTIST_PROFILE_REQUIRED_FIELDS = ['first_name', 'last_name', 'phone_number', 'country'] as const;
export type ArtistProfileRequiredField = (typeof ARTIST_PROFILE_REQUIRED_FIELDS)[number];

/** Spec §3: profile complete only when every one of those fields is present. */
export function isArtistProfileComplete(user: Pick<ArtistUser, ArtistProfileRequiredField>): boolean {
  return ARTIST_PROFILE_REQUIRED_FIELDS.every((field) => {
    const value = user[field];
    return typeof value === 'string' && value.trim() !== '';
  });
}

/** `GET /api/stripe/promoAvailability` data. */
export interface PromoAvailability {
  available: boolean;
  remaining: number;
}

/** `GET /api/stripe/promoEligibility` data. */
export interface PromoEligibility {
  available: boolean;
  used: boolean;
}

export const DEVICE_TYPES = ['mobile', 'desktop'] as const;

/** Query of the social sign-in redirects (`GET /api/auth/loginSpotify` …). */
export const SocialLoginQuery = z.strictObject({
  recaptchaToken: z.string().max(4096).optional(),
  deviceType: z.enum(DEVICE_TYPES, { error: "deviceType must be 'mobile' or 'desktop'" }).optional(),
  promo: z.enum(PROMO_CODES, { error: "promo must be 'try' when given" }).optional(),
});
export type SocialLoginQuery = z.infer<typeof SocialLoginQuery>;

/** The message the client turns into its promo-already-used text (spec §8). */
export const PROMO_ALREADY_USED_MESSAGE = 'You have already used the free PIE promotion';
/** Spec §2 (/try, unavailable): no code left for a new free pie. */
export const PROMO_UNAVAILABLE_MESSAGE = 'No promotion codes are available';
/** The free pie starts only from an account whose address (or provider sign-in) is proven. */
export const PROMO_VERIFY_FIRST_MESSAGE = 'Please verify your e-mail address before starting your free pie';
