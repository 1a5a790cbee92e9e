import { Alert } from '@mantine/core';
import { signInErrorText } from '#pie/contracts';

/**
 * Why a social sign-in came back without signing in (`?error=<code>`), in our own words: a
 * cancelled sign-in is the person's choice, said neutrally; anything else is an error.
 */
export function SignInReturnNotice({ code }: { code: string | null | undefined }) {
  const text = signInErrorText(code);
  if (!text) return null;
  if (code === 'cancelled') {
    return (
      <Alert color="gray" variant="light" role="status">
        {text}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  );
}
