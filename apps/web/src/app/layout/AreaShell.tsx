import { Anchor, Burger, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { PageContainer } from '@web/shared/ui';
import { SiteFooter } from './SiteFooter';

export interface AreaNavItem {
  to: string;
  label: string;
  /** Active only on exactly this path (e.g. /pie, not /pie/settings). */
  end?: boolean;
}

export interface AreaShellProps {
  /** Where the brand links to. */
  home: string;
  /** The brand link's name when its visible text alone is ambiguous ('Pie home' beside the fan's 'Pie' link). */
  homeLabel?: string;
  /** A word after the brand ('for artists', 'admin'). */
  area?: string;
  /** The area's navigation (signed in), shown inline on wide screens and behind a menu button on narrow ones. */
  nav?: readonly AreaNavItem[];
  /** The navigation landmark's name, e.g. 'Artist area'. */
  navLabel?: string;
  /** The header's right-hand side (account actions). */
  actions?: ReactNode;
  /** Links of the footer that depend on the area. */
  footerLinks?: readonly { to: string; label: string }[];
}

function NavLinks({ items, vertical }: { items: readonly AreaNavItem[]; vertical?: boolean }) {
  const links = items.map((item) => (
    <Anchor
      key={item.to}
      component={NavLink}
      to={item.to}
      end={item.end}
      underline="hover"
      className="area-nav-link"
      py={vertical ? 6 : 0}
    >
      {item.label}
    </Anchor>
  ));
  return vertical ? <Stack gap={0}>{links}</Stack> : <>{links}</>;
}

/**
 * The frame of every area: a header with the brand, the area's navigation and
 * account actions, a navigation progress bar, the page in the main landmark,
 * and the footer. Responsive: below the `lg` breakpoint the navigation folds
 * behind a menu button that opens it under the header.
 */
export function AreaShell({ home, homeLabel, area, nav = [], navLabel = 'Main', actions, footerLinks }: AreaShellProps) {
  const navigation = useNavigation();
  const navigating = navigation.state !== 'idle';
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const hasNav = nav.length > 0;

  // Following a link closes the menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="area-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="area-header">
        {navigating && (
          <Progress
            value={100}
            animated
            size="xs"
            radius={0}
            pos="absolute"
            top={0}
            left={0}
            right={0}
            aria-label="Loading page"
          />
        )}
        <PageContainer width="full" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
            {/* The brand's visible text is its name ('Pie', 'Pie for artists'): it leads to the area's home. */}
            <Anchor component={Link} to={home} underline="never" fw={800} fz="xl" c="pie.3" aria-label={homeLabel}>
              Pie{' '}
              {area && (
                <Text component="span" fw={500} fz="md" c="dimmed">
                  {area}
                </Text>
              )}
            </Anchor>
            <Group gap="md" wrap="nowrap">
              {hasNav && (
                <Group gap="md" wrap="nowrap" visibleFrom="lg" component="nav" aria-label={navLabel}>
                  <NavLinks items={nav} />
                </Group>
              )}
              {actions}
              {hasNav && (
                <Burger
                  opened={menuOpen}
                  onClick={() => setMenuOpen((open) => !open)}
                  size="sm"
                  hiddenFrom="lg"
                  aria-label={menuOpen ? 'Close the menu' : 'Open the menu'}
                  aria-expanded={menuOpen}
                  aria-controls="area-menu"
                />
              )}
            </Group>
          </Group>
        </PageContainer>
      </header>
      {hasNav && menuOpen && (
        <nav id="area-menu" className="area-menu" aria-label={navLabel}>
          <PageContainer width="full" py="sm">
            <NavLinks items={nav} vertical />
          </PageContainer>
        </nav>
      )}
      <main id="main" tabIndex={-1} className="area-main">
        <Outlet />
      </main>
      <SiteFooter links={footerLinks} />
    </div>
  );
}
