import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageFrame } from '../../../../shared/ui';

export const VERIFICATION_PLATFORMS = {
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
} as const;

export type VerificationPlatform = keyof typeof VERIFICATION_PLATFORMS;
export type VerificationResult = 'success' | 'failed';

/** /for-artists/verification/{platform}/{success|failed}: where a social verification returns. */
export function VerificationResultPage({ platform, result }: { platform: VerificationPlatform; result: VerificationResult }) {
  const name = VERIFICATION_PLATFORMS[platform];
  const success = result === 'success';
  return (
    <PageFrame
      title={success ? `${name} account verified` : `${name} verification failed`}
      site="Pie for artists"
    >
      <Alert color={success ? 'teal' : 'red'} variant="light" role="status">
        <Text>
          {success
            ? `Your ${name} account is linked to your claim. We use it to confirm that the artist profile is yours; your claim moves on as soon as the check is complete.`
            : `We could not verify your ${name} account. The sign-in may have been cancelled, or the account does not match the artist you are claiming. You can try again, or choose another way to verify.`}
        </Text>
      </Alert>
      <Group gap="sm">
        <Button component={Link} to="/for-artists/artists">
          {success ? 'Back to your artists' : 'Try another way'}
        </Button>
      </Group>
    </PageFrame>
  );
}
