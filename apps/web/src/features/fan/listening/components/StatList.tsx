import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** Figures as a description list: each label (dt) with its value (dd). */
export function StatList({ stats, cols = 3 }: { stats: readonly Stat[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: Math.min(2, cols), sm: cols }} spacing="md" component="dl" m={0}>
      {stats.map((stat) => (
        <Paper key={stat.label} withBorder radius="md" p="md" bg="dark.6">
          <Text component="dt" size="sm" c="dimmed">
            {stat.label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
            {stat.value}
          </Text>
          {stat.hint && (
            <Text component="dd" m={0} size="xs" c="dimmed">
              {stat.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
