import type { FanUser } from '#pie/contracts';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorMessage, serverFieldErrors } from '@web/shared/api';
import {
  changePasswordFormSchema,
  NewPasswordFields,
  personNameFormSchema,
  ResendVerification,
  type ChangePasswordFormValues,
} from '@web/shared/account';
import { FormAlert, PasswordField, SubmitButton, TextField, useForm, type FormErrors } from '@web/shared/ui';
import { useChangePasswordMutation, useUpdateNameMutation } from '../api/settings.api';

export const NAME_SAVE_FAILED = 'We could not save your name. Please try again.';
export const PASSWORD_CHANGE_FAILED = 'We could not change your password. Please try again.';
export const PASSWORD_CHANGED = 'Password changed. Other devices have been signed out.';

/** The API's field names for the form's, so a refused field shows its message under it. */
function fieldErrorsFrom<V extends Record<string, string>>(error: unknown, fields: Record<string, keyof V & string>): FormErrors<V> {
  const errors: FormErrors<V> = {};
  for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
    const formField = fields[field];
    if (formField && messages[0]) errors[formField] = messages[0];
  }
  return errors;
}

/** First and last name, as Pie greets the fan. */
export function NameForm({ user }: { user: FanUser }) {
  const [update] = useUpdateNameMutation();
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  // What was last saved: 'Name saved.' shows until the fields are changed again.
  const [saved, setSaved] = useState<{ firstName: string; lastName: string } | null>(null);
  const form = useForm({
    initialValues: { firstName: user.first_name, lastName: user.last_name },
    schema: personNameFormSchema,
    onSubmit: async ({ firstName, lastName }) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSaving(true);
      setFailure(null);
      setSaved(null);
      try {
        await update({ first_name: firstName, last_name: lastName }).unwrap();
        setSaved({ firstName: form.values.firstName, lastName: form.values.lastName });
      } catch (error) {
        setFailure(errorMessage(error, NAME_SAVE_FAILED));
        form.setServerErrors(fieldErrorsFrom(error, { first_name: 'firstName', last_name: 'lastName' }));
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit} aria-busy={saving} aria-label="Name">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Name
        </Title>
        <FormAlert message={failure} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField label="First name" required autoComplete="given-name" {...form.getFieldProps('firstName')} />
          <TextField label="Last name" required autoComplete="family-name" {...form.getFieldProps('lastName')} />
        </SimpleGrid>
        <Group gap="sm">
          <SubmitButton label="Save name" pendingLabel="Saving..." pending={saving} variant="default" fullWidth={false} w="fit-content" />
          {saved && saved.firstName === form.values.firstName && saved.lastName === form.values.lastName && (
            <Text size="sm" role="status">
              Name saved.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

const PASSWORD_SERVER_FIELDS: Record<string, keyof ChangePasswordFormValues> = {
  current_password: 'currentPassword',
  new_password: 'password',
};

/**
 * The password changed in place: the current one, then the new one twice. For a fan who has
 * forgotten the current one, the e-mailed link (`sendPasswordLink`) is the way.
 */
export function PasswordForm({ email, sendPasswordLink }: { email: string; sendPasswordLink: (email: string) => Promise<string | undefined> }) {
  const [change] = useChangePasswordMutation();
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', password: '', repeatPassword: '' } satisfies ChangePasswordFormValues,
    schema: changePasswordFormSchema,
    onSubmit: async ({ currentPassword, password }) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSaving(true);
      setFailure(null);
      setDone(null);
      try {
        const answer = await change({ current_password: currentPassword, new_password: password }).unwrap();
        form.reset();
        setDone(answer.message ?? PASSWORD_CHANGED);
      } catch (error) {
        const fieldErrors = fieldErrorsFrom(error, PASSWORD_SERVER_FIELDS);
        // A wrong current password is said under its field; anything else above the form.
        setFailure(Object.keys(fieldErrors).length > 0 ? null : errorMessage(error, PASSWORD_CHANGE_FAILED));
        form.setServerErrors(fieldErrors);
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
  });

  return (
    <Stack gap="md">
      <form noValidate onSubmit={form.handleSubmit} aria-busy={saving} aria-label="Change password">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Change password
          </Title>
          <Text size="sm" c="dimmed">
            Changing it signs you out on your other devices.
          </Text>
          <FormAlert message={failure} />
          <PasswordField label="Current password" required autoComplete="current-password" {...form.getFieldProps('currentPassword')} />
          <NewPasswordFields fieldProps={form.getFieldProps} label="New password" />
          <Group gap="sm">
            <SubmitButton label="Change password" pendingLabel="Changing password..." pending={saving} variant="default" fullWidth={false} w="fit-content" />
            {done && (
              <Text size="sm" role="status">
                {done}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
      <Stack gap="xs">
        <Text size="sm">Forgot your current password?</Text>
        <ResendVerification email={email} resend={sendPasswordLink} label="E-mail me a link to reset it" />
      </Stack>
    </Stack>
  );
}
