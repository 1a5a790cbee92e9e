import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#pie/contracts';
import { z } from 'zod';

/**
 * Spec §5's form rules, shared by the fan, artist and admin screens. The
 * texts are binding: login says 'Please enter a valid email', registration
 * says 'Invalid email'.
 */
const newPassword = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const repeatPassword = z.string().min(1, 'Confirm password is required');

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);

const loginEmail = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email({ error: 'Please enter a valid email' }));

/** 'Passwords must match', checked even while another field is still invalid. */
function withMatchingPasswords<T extends z.ZodObject<{ password: z.ZodType; repeatPassword: z.ZodType }>>(schema: T) {
  return schema.refine(
    (values) => {
      const { password, repeatPassword: repeat } = values as { password: string; repeatPassword: string };
      return repeat === '' || repeat === password;
    },
    {
      path: ['repeatPassword'],
      message: 'Passwords must match',
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );
}

/** Spec §5, login. */
export const loginFormSchema = z.object({
  email: loginEmail,
  password: z
    .string()
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

/** Forgotten password: the e-mail, with the login texts. */
export const emailFormSchema = z.object({ email: loginEmail });

/** Spec §5, fan registration (also the artist's and /try's). */
export const registerFormSchema = withMatchingPasswords(
  z.object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
      .pipe(z.email({ error: 'Invalid email' })),
    password: newPassword,
    repeatPassword,
  }),
);

/** A new password and its confirmation (reset), with spec §5's password texts. */
export const newPasswordFormSchema = withMatchingPasswords(z.object({ password: newPassword, repeatPassword }));

/** An invited person's name and password (artist complete-registration). */
export const nameAndPasswordFormSchema = withMatchingPasswords(
  z.object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    password: newPassword,
    repeatPassword,
  }),
);

export type RegisterFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  repeatPassword: string;
};

export const EMPTY_REGISTRATION: RegisterFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  repeatPassword: '',
};
