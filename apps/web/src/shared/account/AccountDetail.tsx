import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of an account's details (a dt and its dd), as the settings pages list them. */
export function AccountDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
