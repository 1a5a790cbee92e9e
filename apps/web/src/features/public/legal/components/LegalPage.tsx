import { Stack, Text, Title } from '@mantine/core';
import { PageContainer } from '@web/shared/ui';
import type { ReactNode } from 'react';

/** The frame of a legal text: the title, when it was last updated, then the prose. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <PageContainer width="content" py="xl">
      <title>{`${title} · Pie`}</title>
      <Stack gap="md" className="prose">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">{`Last updated ${updated}`}</Text>
        {children}
      </Stack>
    </PageContainer>
  );
}
