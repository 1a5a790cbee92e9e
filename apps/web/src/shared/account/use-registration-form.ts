import { useRef, useState } from 'react';
import { serverFieldErrors } from '../api';
import { useForm, type FormErrors } from '../ui';
import { registrationErrorMessage } from './messages';
import { EMPTY_REGISTRATION, registerFormSchema, type RegisterFormValues } from './schemas';

/** What every registration call sends, in the API's field names. */
export interface RegistrationDetails {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
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

export interface UseRegistrationFormOptions {
  /** Sends the registration (captcha token and extras are the caller's); rejects on failure. */
  submit: (details: RegistrationDetails) => Promise<unknown>;
  /** Turns a failure into the text shown above the form (spec §8 by default). */
  describeError?: (error: unknown) => string;
}

/** A registration form's state, its submission and its outcome (fan, /try, artist). */
export function useRegistrationForm({ submit, describeError = registrationErrorMessage }: UseRegistrationFormOptions) {
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const form = useForm({
    initialValues: EMPTY_REGISTRATION,
    schema: registerFormSchema,
    onSubmit: async (output) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      setSubmitError(null);
      try {
        await submit({
          email: output.email,
          first_name: output.firstName,
          last_name: output.lastName,
          password: output.password,
        });
        setRegisteredEmail(output.email);
      } catch (error) {
        setSubmitError(describeError(error));
        form.setServerErrors(toFormErrors(error));
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
  });

  return {
    form,
    isSubmitting,
    submitError,
    registeredEmail,
    /** The first name the person registered with (for a greeting). */
    registeredFirstName: registeredEmail ? form.values.firstName.trim() : null,
    /** Spec §5: disabled until the form is valid and edited, or while loading. */
    canSubmit: form.isValid && form.isDirty && !isSubmitting,
  };
}

export type RegistrationFormState = ReturnType<typeof useRegistrationForm>;
