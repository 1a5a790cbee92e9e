import { Group, Input, Text } from '@mantine/core';

/**
 * A field's label and, when required, a red asterisk beside it. The asterisk
 * sits outside the <label> and is hidden from assistive technology, so the
 * field's name is exactly its label ('Password', not 'Password *'); the input
 * carries aria-required instead.
 */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required: boolean }) {
  return (
    <Group gap={4} mb={4} wrap="nowrap" align="baseline">
      <Input.Label htmlFor={htmlFor}>{label}</Input.Label>
      {required && (
        <Text span fz="sm" fw={600} c="var(--mantine-color-error)" aria-hidden="true" data-required-mark>
          *
        </Text>
      )}
    </Group>
  );
}
