import { Anchor, Burger, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, NavLink } from 'react-router';
import { ArtistLogoutButton } from '../../features/artist/auth';
import { selectArtistSessionStatus } from '../../shared/session';
import { AreaShell } from './AreaShell';

const LINKS = [
  { to: '/for-artists/artists', label: 'Artists' },
  { to: '/for-artists/profile/update', label: 'Profile' },
  { to: '/for-artists/settings', label: 'Settings' },
];

function ArtistNavigation() {
  const [opened, setOpened] = useState(false);
  return (
    <Group gap="md" wrap="nowrap">
      <Group gap="md" visibleFrom="sm" component="nav" aria-label="Artist area">
        {LINKS.map((link) => (
          <Anchor
            key={link.to}
            component={NavLink}
            to={link.to}
            underline="hover"
            className="area-nav-link"
          >
            {link.label}
          </Anchor>
        ))}
      </Group>
      <Menu opened={opened} onChange={setOpened} position="bottom-end">
        <Menu.Target>
          <Burger opened={opened} size="sm" aria-label="Open the artist menu" hiddenFrom="sm" />
        </Menu.Target>
        <Menu.Dropdown>
          {LINKS.map((link) => (
            <Menu.Item key={link.to} component={Link} to={link.to}>
              {link.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <ArtistLogoutButton />
    </Group>
  );
}

/** The /for-artists area (and its e-mail links): header with the area's navigation once signed in. */
export function Component() {
  const status = useSelector(selectArtistSessionStatus);
  return (
    <AreaShell
      home="/for-artists"
      homeLabel="Pie for artists home"
      area="for artists"
      actions={status === 'authenticated' ? <ArtistNavigation /> : null}
    />
  );
}
