import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#pie/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { serverFieldErrors, serverMessage } from '../../../../shared/api';
import { useForm, type FormErrors } from '../../../../shared/ui';
import { useRegisterMutation } from '../api/auth.api';

/** Spec §5, fan registration: the exact texts are binding. */
export const registerFormSchema = z
  .object({
    firstName: z
      .string()
      .trim()
      .min(1, 'First name is required')
      .max(NAME_MAX_LENGTH, `First name must be at most ${NAME_MAX_LENGTH} characters`),
    lastName: z
      .string()
      .trim()
      .min(1, 'Last name is required')
      .max(NAME_MAX_LENGTH, `Last name must be at most ${NAME_MAX_LENGTH} characters`),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
      .pipe(z.email({ error: 'Invalid email' })),
    password: z
      .string()
      .min(1, 'Password is required')
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    repeatPassword: z.string().min(1, 'Confirm password is required'),
  })
  .refine((values) => values.repeatPassword === '' || values.repeatPassword === values.password, {
    path: ['repeatPassword'],
    message: 'Passwords must match',
    // Check the match even while another field is still invalid.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

export type RegisterFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  repeatPassword: string;
};

const EMPTY: RegisterFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  repeatPassword: '',
};

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const PROMO_ALREADY_USED =
  'You have already used the free PIE promotion. Each user can only use this offer once.';

/** Spec §8: the server's message, the promotion wording, or the fallback. */
export function registrationErrorMessage(error: unknown): string {
  const message = serverMessage(error);
  if (!message) return REGISTRATION_FAILED;
  if (message.toLowerCase().includes('already used the free pie promotion')) return PROMO_ALREADY_USED;
  return message;
}

/** The API's field names (`first_name`) mapped onto the form's (`firstName`). */
const SERVER_FIELDS: Record<string, keyof RegisterFormValues> = {
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  password: 'password',
};

function toFormErrors(error: unknown): FormErrors<RegisterFormValues> {
  const result: FormErrors<RegisterFormValues> = {};
  for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
    const formField = SERVER_FIELDS[field];
    if (formField && messages[0]) result[formField] = messages[0];
  }
  return result;
}

/** The registration form's state, its submission and its outcome. */
export function useRegisterForm() {
  const [register, { isLoading }] = useRegisterMutation();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const form = useForm({
    initialValues: EMPTY,
    schema: registerFormSchema,
    onSubmit: async (output) => {
      if (isLoading) return;
      setSubmitError(null);
      try {
        await register({
          email: output.email,
          first_name: output.firstName,
          last_name: output.lastName,
          password: output.password,
          accepted_terms_and_conditions: true,
          recaptchaToken: undefined,
          promo: undefined,
        }).unwrap();
        setRegisteredEmail(output.email);
      } catch (error) {
        setSubmitError(registrationErrorMessage(error));
        form.setServerErrors(toFormErrors(error));
      }
    },
  });

  return {
    form,
    isSubmitting: isLoading,
    submitError,
    registeredEmail,
    /** Spec §5: disabled until the form is valid and edited, or while loading. */
    canSubmit: form.isValid && form.isDirty && !isLoading,
  };
}
