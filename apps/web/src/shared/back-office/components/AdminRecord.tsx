import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessage, errorStatus } from '../../api';
import { ModalDialog, PageFrame, QueryState, RecordNotFoundPage, Section, StatList, type Stat } from '../../ui';
import { useAdminActionMutation, useRecordOfQuery } from '../api/back-office.api';

/**
 * A back-office record page: loads `path`, shows a 404 page for an unknown id, otherwise the
 * record's facts and the page's own sections.
 */
export function AdminRecordPage({
  kind,
  id,
  path,
  list,
  title,
  facts,
  children,
}: {
  kind: string;
  id: string;
  path: string;
  list: { to: string; label: string };
  title: (record: any) => string;
  facts: (record: any) => Stat[];
  children?: (record: any) => ReactNode;
}) {
  const query = useRecordOfQuery(path);
  // An unknown id (404) or one that is not an id at all (400): the record is not there.
  const missing = query.isError && [400, 404].includes(Number(errorStatus(query.error)));
  if (missing) return <RecordNotFoundPage kind={kind} list={list} id={id} />;
  return (
    <QueryState query={query} loading={`Loading the ${kind.toLowerCase()}…`} errorFallback={`We could not load this ${kind.toLowerCase()}`}>
      {(record) => (
        <PageFrame title={title(record)} site="Pie admin" width="wide" back={list}>
          <Stack gap="xl">
            <Section title="Details">
              <StatList stats={facts(record)} />
            </Section>
            {children?.(record)}
          </Stack>
        </PageFrame>
      )}
    </QueryState>
  );
}

/**
 * A money or status action behind a confirmation dialog (spec: confirmation for money actions):
 * the dialog says what happens; the outcome (or the server's message) is announced after.
 */
export function ConfirmAction({ label, title, text, request, confirmLabel, color }: { label: string; title: string; text: string; request: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown }; confirmLabel: string; color?: string }) {
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [act, acting] = useAdminActionMutation();
  const confirm = async () => {
    try {
      await act(request).unwrap();
      setOutcome({ ok: true, text: `${label}: done.` });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, `${label} did not work`) });
    }
    setOpened(false);
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button color={color} onClick={() => setOpened(true)}>
        {label}
      </Button>
      {outcome && (
        <Text role={outcome.ok ? 'status' : 'alert'} c={outcome.ok ? 'teal' : 'red'} size="sm">
          {outcome.text}
        </Text>
      )}
      <ModalDialog opened={opened} onClose={() => setOpened(false)} title={title} centered>
        <Stack>
          <Text>{text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button color={color} loading={acting.isLoading} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </ModalDialog>
    </Stack>
  );
}
