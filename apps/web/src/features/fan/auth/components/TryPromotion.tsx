import { Anchor, Badge, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RegistrationForm, SignInReturnNotice, useReturnParams } from '@web/shared/account';
import { signInErrorText } from '#pie/contracts';
import { FormAlert } from '@web/shared/ui';
import { CHECKING_PROMOTION, useTryPromotion } from '../hooks/use-try-promotion';
import { formatCount, NOUNS } from '@web/shared/format';
import { SocialSignInButtons, TRY_PROVIDER_ORDER } from './SocialSignInButtons';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size={520} px="md" py="xl" w="100%">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="md">
        {children}
      </Paper>
    </Container>
  );
}

/** Moves focus to a state's heading when the state changes, so screen readers announce it. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function Unavailable({ reason }: { reason: string | null }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Frame>
      <Stack gap="md" align="center" ta="center">
        <FormAlert message={reason} />
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          No promotion codes are available
        </Title>
        <Text c="dimmed">Please try later or contact our support</Text>
        <Button component={Link} to="/">
          Go to homepage
        </Button>
      </Stack>
    </Frame>
  );
}

function Registered({ email, firstName }: { email: string; firstName: string | null }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Frame>
      <Stack gap="md" role="status">
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          {firstName ? `Welcome to Pie, ${firstName}!` : 'Welcome to Pie!'}
        </Title>
        <Text>Your account has been created successfully and your free promotional code has been applied.</Text>
        <Text>
          Please check your e-mail: we sent a link to <strong>{email}</strong>. Open it to verify your address,
          then log in.
        </Text>
        <Button component={Link} to="/login" fullWidth>
          Go to log in
        </Button>
      </Stack>
    </Frame>
  );
}

const RETURN_PARAMS = ['error'] as const;

/** The /try page (spec §2, §4, §8): free $5 pie registration in four states. */
export function TryPromotion() {
  const { state, registration } = useTryPromotion();
  const { error: returnError } = useReturnParams(RETURN_PARAMS);

  switch (state.step) {
    case 'checking':
      return (
        <Center mih="50vh" role="status" aria-live="polite">
          <Stack align="center" gap="sm">
            <Loader aria-hidden="true" />
            <Text>{CHECKING_PROMOTION}</Text>
          </Stack>
        </Center>
      );
    case 'unavailable':
      return <Unavailable reason={state.reason ?? signInErrorText(returnError)} />;
    case 'registered':
      return <Registered email={state.email} firstName={state.firstName} />;
    case 'offer':
      return (
        <Frame>
          <Stack gap="lg">
            <Stack gap="xs">
              <Group justify="space-between" align="center" gap="xs">
                <Title order={1} size="h2">
                  Get a free $5 pie
                </Title>
                <Badge size="lg" variant="light">
                  {`${formatCount(state.remaining, NOUNS.code)} remaining`}
                </Badge>
              </Group>
              <Text>
                Sign up today and your first pie is on us: a free $5 pie with the <strong>TRYMYPIE</strong> code,
                split among the artists you listen to. One per person.
              </Text>
            </Stack>
            {!registration.submitError && <SignInReturnNotice code={returnError} />}
            <SocialSignInButtons providers={TRY_PROVIDER_ORDER} promo="try" dividerLabel="or sign up with e-mail" />
            <RegistrationForm
              state={registration}
              ariaLabel="Create account with the free pie"
              footer={
                <Stack gap={4}>
                  <Text size="sm">
                    Already have an account?{' '}
                    <Anchor component={Link} to="/login">
                      Log in
                    </Anchor>
                  </Text>
                  <Text size="sm">
                    Not here for the offer?{' '}
                    <Anchor component={Link} to="/register">
                      Register without the promotion
                    </Anchor>
                  </Text>
                </Stack>
              }
            />
          </Stack>
        </Frame>
      );
  }
}
