import { Anchor, Badge, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { DIALOG_CATEGORIES } from './classification';
import { closeCookiePreferences, saveCookieChoice, useCookieConsent } from './consent-store';
import { formatCount } from '../format';
import type { CookiePreferences } from './preferences';

export interface CookiePreferencesDialogProps {
  /** Fired after a save, with what was saved (spec §4's optional callback). */
  onSave?: (preferences: CookiePreferences) => void;
}

/**
 * Spec §2/§4's Cookie Preferences dialog: opens with the saved preferences;
 * every category but essential can be toggled; 'Save Preferences' stores,
 * closes and fires the callback; Cancel and the close icon dismiss without
 * saving.
 */
export default function CookiePreferencesDialog({ onSave }: CookiePreferencesDialogProps) {
  const { preferences } = useCookieConsent();
  const [draft, setDraft] = useState<CookiePreferences>(preferences);

  const save = () => {
    const saved = saveCookieChoice(draft);
    onSave?.(saved);
  };

  return (
    <Modal.Root opened onClose={closeCookiePreferences} size="lg" radius="md">
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's default <header>: the page already has its banner landmark. */}
        <Modal.Header {...({ component: 'div' } as object)}>
          <Modal.Title fw={700} fz="lg">
            Cookie Preferences
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text size="sm">
              Choose which cookies Pie may use. Essential cookies are always on. Learn more in our{' '}
              <Anchor href="/privacy-policy" target="_blank" rel="noopener noreferrer">
                Privacy Policy (opens in a new tab)
              </Anchor>
              .
            </Text>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {DIALOG_CATEGORIES.map((category) => {
                const essential = category.key === 'essential';
                const countLabel = formatCount(category.count, { one: 'cookie', other: 'cookies' });
                return (
                  <li key={category.key}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Text fw={600} id={`cookie-category-${category.key}`}>
                            {category.label}
                          </Text>
                          <Badge variant="light" size="sm" data-testid={`cookie-count-${category.key}`}>
                            {countLabel}
                          </Badge>
                        </Group>
                        <Text size="sm" c="dimmed" id={`cookie-category-${category.key}-description`}>
                          {category.description}
                        </Text>
                      </Stack>
                      <Switch
                        checked={essential ? true : draft[category.key]}
                        disabled={essential}
                        onChange={(event) => {
                          const checked = event.currentTarget.checked;
                          setDraft((current) => ({ ...current, [category.key]: checked }));
                        }}
                        aria-labelledby={`cookie-category-${category.key}`}
                        aria-describedby={`cookie-category-${category.key}-description`}
                        label={essential ? 'Always on' : undefined}
                      />
                    </Group>
                  </li>
                );
              })}
            </Stack>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeCookiePreferences}>
                Cancel
              </Button>
              <Button onClick={save}>Save Preferences</Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
