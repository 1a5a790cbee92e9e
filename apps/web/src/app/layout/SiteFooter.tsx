import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PageContainer } from '@web/shared/ui';
import { openCookiePreferences } from '@web/shared/cookies';

const COMMON_LINKS = [
  // Where all of the money is (issue 31), open to everyone.
  { to: '/open-books', label: 'Open books' },
  { to: '/privacy-policy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/delete-account-instructions', label: 'Deleting your account' },
] as const;

/** The footer of every area: the legal pages and the way back to the cookie choices. */
export function SiteFooter({ links = [] }: { links?: readonly { to: string; label: string }[] }) {
  return (
    <footer className="site-footer">
      <PageContainer width="full" py="lg">
        <Group justify="space-between" gap="md">
          <Group gap="md" component="ul" className="site-footer-links">
            {[...links, ...COMMON_LINKS].map((link) => (
              <li key={link.to}>
                <Anchor component={Link} to={link.to} size="sm" c="dimmed" underline="always">
                  {link.label}
                </Anchor>
              </li>
            ))}
            <li>
              <UnstyledButton onClick={openCookiePreferences} fz="sm" c="dimmed" td="underline">
                Cookie settings
              </UnstyledButton>
            </li>
          </Group>
          <Text size="sm" c="dimmed">
            Pie: fans fund the artists they listen to.
          </Text>
        </Group>
      </PageContainer>
    </footer>
  );
}
