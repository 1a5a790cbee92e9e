import { OFFICE_TYPES, type Office, type OfficeType } from '#pie/contracts';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@web/shared/api';
import { EmptyState, PageFrame, QueryState, Section } from '@web/shared/ui';
import { useListOfficesQuery, useUpdateOfficeMutation } from '../api/offices.api';

const TYPE_LABELS: Record<OfficeType, string> = { artist: 'Artist', band: 'Band', label: 'Label', management: 'Management', publisher: 'Publisher', other: 'Other' };

/** The rename form: the new name shows everywhere at once and goes back if the server refuses (spec §4). */
function OfficeForm({ office }: { office: Office }) {
  const [name, setName] = useState(office.name);
  const [type, setType] = useState<OfficeType>(office.type);
  const [updateOffice, updating] = useUpdateOfficeMutation();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const admin = office.role === 'admin';

  const save = async () => {
    const previous = office.name;
    const trimmed = name.trim();
    if (!trimmed) return setResult({ ok: false, message: 'The office needs a name' });
    setResult(null);
    try {
      await updateOffice({ officeId: office._id, name: trimmed, type }).unwrap();
      setResult({ ok: true, message: 'Office saved' });
    } catch (error) {
      // The cached office is already restored by the mutation; the form follows it.
      setName(previous);
      setType(office.type);
      setResult({ ok: false, message: `We could not save the office, so its name is back to “${previous}”. ${errorMessage(error, 'Please try again.')}` });
    }
  };

  return (
    <Section title={office.name}>
      <form
        noValidate
        aria-label="Office details"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Text c="dimmed">{`Your role: ${office.role}`}</Text>
          <TextInput label="Office name" value={name} onChange={(event) => setName(event.currentTarget.value)} disabled={!admin} maxLength={100} required />
          <NativeSelect
            label="Type"
            data={OFFICE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            value={type}
            onChange={(event) => setType(event.currentTarget.value as OfficeType)}
            disabled={!admin}
          />
          {admin ? (
            <Group>
              <Button type="submit" loading={updating.isLoading}>
                Save
              </Button>
            </Group>
          ) : (
            <Text size="sm">Only an office admin can change these.</Text>
          )}
          {result && (
            <Alert color={result.ok ? 'teal' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Section>
  );
}

/**
 * /for-artists/office-settings: the chosen office's name and type (`officeId`, chosen in the
 * layout's switcher), and what the route adds under it (its Stripe connection).
 */
export function OfficeSettingsPage({ officeId, officeExtras }: { officeId: string | undefined; officeExtras?: (office: Office) => ReactNode }) {
  const offices = useListOfficesQuery();
  return (
    <PageFrame title="Office settings" site="Pie for artists" description="Your team's name, type and payment account.">
      <QueryState
        query={offices}
        loading="Loading your office…"
        errorFallback="We could not load your office"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState title="No office yet">
            An office is your team on Pie. It is created with your first claim, and holds your artists, your team members and the payment
            account that receives payouts.
          </EmptyState>
        }
      >
        {(list) => (
          <Stack gap="xl">
            {list.filter((office) => office._id === officeId).map((office) => (
              <Stack key={office._id} gap="lg">
                <OfficeForm office={office} />
                {officeExtras?.(office)}
              </Stack>
            ))}
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
