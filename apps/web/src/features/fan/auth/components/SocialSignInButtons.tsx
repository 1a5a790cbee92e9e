import type { SocialProvider } from '#pie/contracts';
import { Button, Divider, Stack } from '@mantine/core';
import { FormAlert } from '@web/shared/ui';
import { ProviderIcon, PROVIDERS } from '@web/shared/social';
import type { PromoCode } from '../api/types';
import { useSocialSignIn } from '../hooks/use-social-sign-in';

export const LOGIN_PROVIDER_ORDER: readonly SocialProvider[] = ['spotify', 'google', 'twitter', 'facebook'];
/** Spec §2: the /try page lists Google, Spotify, X, Facebook. */
export const TRY_PROVIDER_ORDER: readonly SocialProvider[] = ['google', 'spotify', 'twitter', 'facebook'];

export interface SocialSignInButtonsProps {
  providers?: readonly SocialProvider[];
  promo?: PromoCode;
  /** The divider's text under the buttons. */
  dividerLabel?: string;
}

/** 'Continue with Spotify', 'Continue with Google', 'Continue with X', 'Continue with Facebook'. */
export function SocialSignInButtons({
  providers = LOGIN_PROVIDER_ORDER,
  promo,
  dividerLabel = 'or use your e-mail',
}: SocialSignInButtonsProps) {
  const { start, pending, error } = useSocialSignIn({ promo });
  return (
    <Stack gap="sm">
      <FormAlert message={error} />
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          leftSection={<ProviderIcon provider={provider} />}
          loading={pending === provider}
          disabled={pending !== null && pending !== provider}
          onClick={() => void start(provider)}
        >
          {`Continue with ${PROVIDERS[provider].label}`}
        </Button>
      ))}
      <Divider label={dividerLabel} labelPosition="center" my="xs" />
    </Stack>
  );
}
