import { Group } from '@mantine/core';
import { StartPieButton } from '../../features/fan/payments';
import { PiePage } from '../../features/fan/pies';

/** /pie: the fan's pie; "Create a pie" (the checkout round trip) while none is running. */
export function Component() {
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <StartPieButton />
      </Group>
      <PiePage />
    </>
  );
}
