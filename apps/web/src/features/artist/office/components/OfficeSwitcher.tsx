import { Group, NativeSelect, Text } from '@mantine/core';
import { useChosenOffice } from '../hooks/use-chosen-office';

/**
 * "Working in: <office>" for a person in more than one office; Funds, Team, Give back, Office and
 * Settings act on the office chosen here. Nothing is shown for a person with one office (or none).
 */
export function OfficeSwitcher({ userId }: { userId: string }) {
  const { offices, office, choose } = useChosenOffice(userId);
  const list = offices.data ?? [];
  if (list.length < 2 || !office) return null;
  return (
    <Group gap="xs" wrap="nowrap" className="office-switcher">
      <Text component="label" htmlFor="office-switcher" size="sm" c="dimmed">
        Working in
      </Text>
      <NativeSelect
        id="office-switcher"
        size="sm"
        data={list.map((candidate) => ({ value: candidate._id, label: `${candidate.name}${candidate.role === 'admin' ? '' : ' (member)'}` }))}
        value={office._id}
        onChange={(event) => choose(event.currentTarget.value)}
        maw={280}
      />
    </Group>
  );
}
