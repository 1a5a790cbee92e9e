import { List, Text } from '@mantine/core';
import { EmptyState, PageFrame, Section } from '../../../../shared/ui';

/** /pie/settings: how the fan's pie is shared. */
export function PieSettingsPage() {
  return (
    <PageFrame title="Pie settings" description="Choose how your pie is shared among your artists.">
      <EmptyState title="No pie to set up yet">
        <Text c="dimmed">Once you fund a pie, its settings appear here.</Text>
      </EmptyState>
      <Section title="What you will be able to change">
        <List spacing="xs">
          <List.Item>The amount of your pie and the length of its period.</List.Item>
          <List.Item>The most artists who share it.</List.Item>
          <List.Item>Whether artists who are no longer active are left out.</List.Item>
          <List.Item>A tilt toward less popular artists (0 is pure listening time).</List.Item>
          <List.Item>Artists you always include, and artists you ban from all your pies.</List.Item>
        </List>
      </Section>
    </PageFrame>
  );
}
