import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#pie/contracts';
import { emailFormat, formSchema, maxLength, minLength, required, type FieldSpec, type FormCheck } from '../ui/form-rules';

/**
 * Spec §5's form rules, shared by the fan, artist and admin screens. The
 * texts are binding: login says 'Please enter a valid email', registration
 * says 'Invalid email'.
 */
const newPassword: FieldSpec = {
  rules: [
    required('Password is required'),
    minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  ],
};

/** The new password of a change in settings, with the API's 'New password …' texts. */
const changedPassword: FieldSpec = {
  rules: [
    required('New password is required'),
    minLength(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    maxLength(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  ],
};

const repeatPassword: FieldSpec = { rules: [required('Confirm password is required')] };

const personName = (label: string): FieldSpec => ({
  trim: true,
  rules: [required(`${label} is required`), maxLength(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`)],
});

const loginEmail: FieldSpec = { trim: true, rules: [required('Email is required'), emailFormat('Please enter a valid email')] };

/** 'Passwords must match', once a confirmation is typed. */
const passwordsMatch: FormCheck<{ password: string; repeatPassword: string }> = {
  field: 'repeatPassword',
  message: 'Passwords must match',
  holds: ({ password, repeatPassword: repeat }) => repeat === '' || repeat === password,
};

/** Spec §5, login. */
export const loginFormSchema = formSchema({ email: loginEmail, password: newPassword });

/** Forgotten password: the e-mail, with the login texts. */
export const emailFormSchema = formSchema({ email: loginEmail });

/** Spec §5, fan registration (also the artist's and /try's). */
export const registerFormSchema = formSchema<RegisterFormValues>(
  {
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email: {
      trim: true,
      rules: [
        required('Email is required'),
        maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`),
        emailFormat('Invalid email'),
      ],
    },
    password: newPassword,
    repeatPassword,
  },
  [passwordsMatch],
);

/** A new password and its confirmation (reset), with spec §5's password texts. */
export const newPasswordFormSchema = formSchema<{ password: string; repeatPassword: string }>({ password: newPassword, repeatPassword }, [passwordsMatch]);

/** An invited person's name and password (artist complete-registration). */
export const nameAndPasswordFormSchema = formSchema<{ firstName: string; lastName: string; password: string; repeatPassword: string }>(
  { firstName: personName('First name'), lastName: personName('Last name'), password: newPassword, repeatPassword },
  [passwordsMatch],
);

/** A person's name on its own (settings). */
export const personNameFormSchema = formSchema<{ firstName: string; lastName: string }>({
  firstName: personName('First name'),
  lastName: personName('Last name'),
});

export type ChangePasswordFormValues = { currentPassword: string; password: string; repeatPassword: string };

/** Settings' password change: the current one, a new one (not the same) and its confirmation. */
export const changePasswordFormSchema = formSchema<ChangePasswordFormValues>(
  {
    currentPassword: {
      rules: [required('Current password is required'), maxLength(PASSWORD_MAX_LENGTH, `Current password must be at most ${PASSWORD_MAX_LENGTH} characters`)],
    },
    password: changedPassword,
    repeatPassword,
  },
  [
    passwordsMatch,
    {
      field: 'password',
      message: 'The new password must differ from the current one',
      holds: ({ currentPassword, password }) => password === '' || password !== currentPassword,
    },
  ],
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
