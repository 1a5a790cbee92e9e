import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with a text that assistive technology announces. */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
