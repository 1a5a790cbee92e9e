import type { ArtistUser, UpdateArtistProfileRequest } from '#pie/contracts';
import { NAME_MAX_LENGTH } from '#pie/contracts';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { errorMessage, serverFieldErrors } from '@web/shared/api';
import { FormAlert, SelectField, SubmitButton, TextField, useForm, type FormErrors, PageContainer } from '@web/shared/ui';
import { formSchema, matches, maxLength, required, type FieldRule } from '@web/shared/ui/form-rules';
import { useUpdateArtistProfileMutation } from '../api/profile.api';
import { countryName, countryOptions } from '../countries';
import { decidesCompleteness, listOfFields, profileStatus } from '../profile-status';

export const PROFILE_SAVE_FAILED = 'We could not save your profile. Please try again.';
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

type ProfileValues = { firstName: string; lastName: string; phoneNumber: string; country: string };

const SERVER_FIELDS: Record<string, keyof ProfileValues> = {
  first_name: 'firstName',
  last_name: 'lastName',
  phone_number: 'phoneNumber',
  country: 'country',
};

/** Marked required (asterisk and aria-required): the fields the profile's completeness needs. */
const REQUIRED = Object.fromEntries(Object.entries(SERVER_FIELDS).map(([api, form]) => [form, decidesCompleteness(api)])) as Record<keyof ProfileValues, boolean>;

/** Names are required; a phone number or country, once saved, cannot be emptied (the API keeps it). */
function profileSchema(user: ArtistUser) {
  const name = (label: string) => ({
    trim: true,
    rules: [required(`${label} is required`), maxLength(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`)],
  });
  const keptOnceSaved =
    (saved: string | null, message: string): FieldRule =>
    (value) =>
      value === '' && saved ? message : undefined;
  return formSchema<ProfileValues>({
    firstName: name('First name'),
    lastName: name('Last name'),
    phoneNumber: {
      trim: true,
      rules: [keptOnceSaved(user.phone_number, 'Phone number is required'), matches(PHONE, 'Please enter a valid phone number')],
    },
    country: { rules: [keptOnceSaved(user.country, 'Country is required'), matches(/^[A-Z]{2}$/, 'Please choose a country')] },
  });
}

function ProfileStatus({ user }: { user: ArtistUser }) {
  const { complete, missing } = profileStatus(user);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="profile-status-heading">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id="profile-status-heading">
          Profile status
        </Title>
        <Badge color={complete ? 'teal' : 'yellow'} variant="light" size="lg">
          {complete ? 'Complete' : 'Incomplete'}
        </Badge>
      </Group>
      <Text mt="xs" c="dimmed" size="sm">
        {complete
          ? 'Your profile is complete.'
          : `Your profile is incomplete. Add your ${listOfFields(missing)} to complete it.`}
      </Text>
    </Paper>
  );
}

function ProfileForm({ user, onSaved }: { user: ArtistUser; onSaved: (message: string) => void }) {
  const [update] = useUpdateArtistProfileMutation();
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => profileSchema(user), [user]);
  const options = useMemo(() => [{ value: '', label: 'Choose a country' }, ...countryOptions()], []);

  const form = useForm({
    initialValues: {
      firstName: user.first_name ?? '',
      lastName: user.last_name ?? '',
      phoneNumber: user.phone_number ?? '',
      country: user.country ?? '',
    } satisfies ProfileValues,
    schema,
    onSubmit: async (output) => {
      if (inFlight.current) return;
      // Send only what changed (the API takes any subset, never an empty value).
      const body: UpdateArtistProfileRequest = {};
      if (output.firstName !== (user.first_name ?? '')) body.first_name = output.firstName;
      if (output.lastName !== (user.last_name ?? '')) body.last_name = output.lastName;
      if (output.phoneNumber && output.phoneNumber !== (user.phone_number ?? '')) body.phone_number = output.phoneNumber;
      if (output.country && output.country !== (user.country ?? '')) body.country = output.country;
      if (Object.keys(body).length === 0) {
        onSaved('Your profile is already up to date.');
        return;
      }
      inFlight.current = true;
      setSaving(true);
      setFailure(null);
      try {
        const answer = await update(body).unwrap();
        onSaved(answer.message ?? 'Profile updated');
      } catch (error) {
        setFailure(errorMessage(error, PROFILE_SAVE_FAILED));
        const fieldErrors: FormErrors<ProfileValues> = {};
        for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
          const formField = SERVER_FIELDS[field];
          if (formField && messages[0]) fieldErrors[formField] = messages[0];
        }
        form.setServerErrors(fieldErrors);
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form noValidate onSubmit={form.handleSubmit} aria-busy={saving} aria-label="Profile">
        <Stack gap="md">
          <FormAlert message={failure} />
          <Text size="sm" c="dimmed">
            Fields marked with an asterisk (*) are needed for a complete profile.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextField label="First name" required={REQUIRED.firstName} autoComplete="given-name" {...form.getFieldProps('firstName')} />
            <TextField label="Last name" required={REQUIRED.lastName} autoComplete="family-name" {...form.getFieldProps('lastName')} />
          </SimpleGrid>
          <TextField
            label="Phone number"
            required={REQUIRED.phoneNumber}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            description="With the country code, e.g. +44 20 7946 0000."
            {...form.getFieldProps('phoneNumber')}
          />
          <SelectField label="Country" required={REQUIRED.country} autoComplete="country" data={options} {...form.getFieldProps('country')} />
          <SubmitButton
            label="Save profile"
            pendingLabel="Saving..."
            pending={saving}
            disabled={!form.isDirty}
            fullWidth={false}
            w="fit-content"
          />
        </Stack>
      </form>
    </Paper>
  );
}

/** The saved values, so the form starts afresh from them after each save. */
const savedKey = (user: ArtistUser) => [user.first_name, user.last_name, user.phone_number, user.country].join('\u0000');

/** /for-artists/profile/update: the four profile fields and whether the profile is complete (spec §3). */
export function ProfileUpdatePage({ user }: { user: ArtistUser }) {
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <PageContainer width="content" py="xl">
      <title>{`Your profile · Pie for artists`}</title>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Your profile</Title>
          <Text c="dimmed">
            {user.email}
            {user.country ? ` · ${countryName(user.country)}` : ''}
          </Text>
        </Stack>
        <ProfileStatus user={user} />
        {saved && (
          <Alert color="teal" variant="light" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setSaved(null)}>
            {saved}
          </Alert>
        )}
        <ProfileForm key={savedKey(user)} user={user} onSaved={setSaved} />
      </Stack>
    </PageContainer>
  );
}
