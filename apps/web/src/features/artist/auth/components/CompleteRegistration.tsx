import { EMAIL_TOKEN_PATTERN, INVITATION_LINK_INVALID } from '#pie/contracts';
import { Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { nameAndPasswordFormSchema, NewPasswordFields } from '@web/shared/account';
import { errorMessage } from '@web/shared/api';
import { artistRedirectConsumed, artistSessionConfirmed, safeRedirect, selectArtistRedirectTo } from '@web/shared/session';
import { AuthCard, FormAlert, SubmitButton, TextField, useForm } from '@web/shared/ui';
import { useCompleteRegistrationMutation } from '../api/artist-auth.api';
import { ARTIST_HOME, ARTIST_LOGIN } from '../paths';

export const COMPLETE_REGISTRATION_FAILED = 'We could not complete your registration. Please try again.';

/**
 * /for-artists/complete-registration?token=…: someone invited to an office
 * chooses their name and password; the server opens their session and they
 * go straight to /for-artists/artists.
 */
export function CompleteRegistration() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The API's token rule (CompleteArtistRegistrationRequest), checked without loading zod.
  const tokenWellFormed = EMAIL_TOKEN_PATTERN.test(token);
  const [complete] = useCompleteRegistrationMutation();
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  // An office invitation sends people here first and expects them back (stored before the link).
  const redirectTo = useSelector(selectArtistRedirectTo);

  const form = useForm({
    initialValues: { firstName: '', lastName: '', password: '', repeatPassword: '' },
    schema: nameAndPasswordFormSchema,
    onSubmit: async (output) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSaving(true);
      setFailure(null);
      try {
        await complete({
          token,
          first_name: output.firstName,
          last_name: output.lastName,
          password: output.password,
        }).unwrap();
      } catch (error) {
        setFailure(errorMessage(error, COMPLETE_REGISTRATION_FAILED));
        inFlight.current = false;
        setSaving(false);
        return;
      }
      dispatch(artistSessionConfirmed());
      dispatch(artistRedirectConsumed());
      await navigate(safeRedirect(redirectTo, ARTIST_HOME, ARTIST_LOGIN), { replace: true });
    },
  });

  if (!tokenWellFormed) {
    return (
      <AuthCard title="Complete your registration">
        <Stack gap="md">
          <FormAlert message={INVITATION_LINK_INVALID} />
          <Text size="sm">
            Open the link in your invitation e-mail again, or ask the person who invited you to send a new one.
          </Text>
          <Button component={Link} to="/for-artists/login" variant="light" fullWidth>
            Go to log in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Complete your registration" lead="You were invited to a team on Pie. Choose your name and password.">
      <form noValidate onSubmit={form.handleSubmit} aria-busy={saving} aria-label="Complete registration">
        <Stack gap="md">
          <FormAlert message={failure} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextField label="First name" required autoComplete="given-name" {...form.getFieldProps('firstName')} />
            <TextField label="Last name" required autoComplete="family-name" {...form.getFieldProps('lastName')} />
          </SimpleGrid>
          <NewPasswordFields fieldProps={form.getFieldProps} />
          <SubmitButton label="Complete registration" pendingLabel="Completing registration..." pending={saving} />
          <Text size="sm">
            Already set up?{' '}
            <Anchor component={Link} to="/for-artists/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
