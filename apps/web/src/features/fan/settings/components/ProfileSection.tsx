import type { ProfileVisibility } from '#pie/contracts';
import { USERNAME_MAX_LENGTH, USERNAME_MESSAGES, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '#pie/contracts';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { FormAlert, QueryState, Section, TextField } from '@web/shared/ui';
import { useGetOwnProfileQuery, useUpdateUsernameMutation, useUpdateVisibilityMutation } from '../api/settings.api';

/** The parts of the profile another fan can see, each switched on its own. */
export const VISIBILITY_SECTIONS: readonly { key: keyof ProfileVisibility; label: string; description: string }[] = [
  { key: 'profile', label: 'Profile', description: 'Your username and your listening totals' },
  { key: 'top_artists', label: 'Top artists', description: 'The artists you listened to most' },
  { key: 'top_tracks', label: 'Top tracks', description: 'The tracks you played most' },
  { key: 'recent_listening', label: 'Recent listening', description: 'The artists you played last' },
];

export const USERNAME_SAVE_FAILED = 'We could not save your username. Please try again.';
export const VISIBILITY_SAVE_FAILED = 'We could not change who sees this. Please try again.';

/**
 * The API's username rules (UpdateUsernameRequest), checked without its zod schema: zod would be
 * ~24 KB gzip of this page's first load for one field. The first broken rule's message, as zod's first issue.
 */
function usernameProblem(username: string): string | undefined {
  if (username.length < USERNAME_MIN_LENGTH) return USERNAME_MESSAGES.short;
  if (username.length > USERNAME_MAX_LENGTH) return USERNAME_MESSAGES.long;
  return USERNAME_PATTERN.test(username) ? undefined : USERNAME_MESSAGES.format;
}

function UsernameForm({ userId, current }: { userId: string; current: string | null }) {
  const [value, setValue] = useState(current ?? '');
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState(false);
  const [update, { isLoading, error }] = useUpdateUsernameMutation();
  const username = value.trim();
  const problem = usernameProblem(username);
  const fieldError = touched ? problem : undefined;

  return (
    <form
      noValidate
      aria-label="Username"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        setSaved(false);
        if (problem) return;
        void update({ userId, username })
          .unwrap()
          .then(() => setSaved(true))
          .catch(() => undefined);
      }}
    >
      <Stack gap="sm">
        <TextField
          label="Username"
          description="How other fans find you, and what they see instead of your name."
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setSaved(false);
          }}
          onBlur={() => setTouched(true)}
          error={fieldError}
          autoComplete="username"
          maxLength={30}
        />
        {error && <FormAlert message={errorMessage(error, USERNAME_SAVE_FAILED)} />}
        <Group gap="sm">
          <Button type="submit" loading={isLoading} variant="default">
            Save username
          </Button>
          {saved && (
            <Text size="sm" role="status">
              Username saved.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function VisibilitySwitches({ userId, visibility }: { userId: string; visibility: ProfileVisibility }) {
  const [update, { isLoading, error }] = useUpdateVisibilityMutation();
  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        What other fans can see
      </Text>
      {VISIBILITY_SECTIONS.map((section) => (
        <Switch
          key={section.key}
          label={section.label}
          description={section.description}
          checked={visibility[section.key]}
          disabled={isLoading}
          onChange={(event) => void update({ userId, change: { [section.key]: event.currentTarget.checked } })}
        />
      ))}
      {error && <FormAlert message={errorMessage(error, VISIBILITY_SAVE_FAILED)} />}
    </Stack>
  );
}

/** Settings' profile: the username and, section by section, what other fans can see. */
export function ProfileSection({ userId }: { userId: string }) {
  const query = useGetOwnProfileQuery(userId);
  return (
    <Section
      title="Profile"
      description="Your public profile on Pie. Each part stays private until you switch it on."
      actions={
        <Button component={Link} to={`/user/${encodeURIComponent(userId)}`} variant="subtle" size="compact-sm">
          See your profile
        </Button>
      }
    >
      <QueryState query={query} loading="Loading your profile..." errorFallback="We could not load your profile.">
        {(profile) => (
          <Stack gap="lg">
            <UsernameForm userId={userId} current={profile.username} />
            <VisibilitySwitches userId={userId} visibility={profile.visibility} />
          </Stack>
        )}
      </QueryState>
    </Section>
  );
}
