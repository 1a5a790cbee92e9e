import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

export interface Step {
  title: string;
  text: string;
}

/** A titled section of numbered steps, side by side from tablet width (the landing pages' "how it works"). */
export function StepsSection({ title, steps }: { title: string; steps: readonly Step[] }) {
  const headingId = useId();
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Paper key={step.title} component="li" withBorder radius="md" p="lg">
            <Text c="pie.3" fw={800} fz="xl" aria-hidden="true">
              {index + 1}
            </Text>
            <Title order={3} size="h4" mt={4}>
              {step.title}
            </Title>
            <Text c="dimmed" mt="xs">
              {step.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
