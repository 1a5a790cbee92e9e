import type { Pie } from '#pie/contracts';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../shared/api';
import { EmptyState, PageFrame, PageLoader, Section } from '../../../../shared/ui';
import { useGetActivePieQuery, useGetRealtimeStatsQuery, useUpdatePieMutation } from '../api/pies.api';
import { usePieEnding } from '../use-pie-ending';
import { formatDate, formatMoney } from '../../../../shared/format';
import { CreatePieModal } from './CreatePieModal';
import { MissingTracksNotice } from './MissingTracksNotice';
import { PieRules } from './PieRules';
import { SplitChart } from './SplitChart';
import { SplitControls, type SplitSettingsValue } from './SplitControls';

/** /pie: the fan's active pie with its live split, the settings to try and save, the create modal and the rules. */
export function PiePage() {
  const active = useGetActivePieQuery();
  const [creating, setCreating] = useState(false);
  return (
    <PageFrame title="Your pie" description="The pie you fund this period and where it is going.">
      {active.isLoading ? (
        <PageLoader />
      ) : active.isError ? (
        <Alert color="red" role="alert" title="Your pie could not be loaded">
          {errorMessage(active.error, 'Please try again.')}
        </Alert>
      ) : active.data ? (
        <ActivePie pie={active.data} />
      ) : (
        <EmptyState title="No pies yet" action={<Button onClick={() => setCreating(true)}>Create your pie</Button>}>
          <Text c="dimmed">
            You have no active pie. Fund one and it is split among the artists you listen to, to the cent, at the end of
            each period. Read how it works below or in{' '}
            <Anchor component={Link} to="/help">
              Help
            </Anchor>
            .
          </Text>
        </EmptyState>
      )}
      <CreatePieModal opened={creating} onClose={() => setCreating(false)} />
      <PieRules />
    </PageFrame>
  );
}

function ActivePie({ pie }: { pie: Pie }) {
  const saved: SplitSettingsValue = pie.pendingSettings ?? pie.settings;
  const [draft, setDraft] = useState<SplitSettingsValue>({ artistLimit: saved.artistLimit, artistPopularity: saved.artistPopularity, excludeNonActive: saved.excludeNonActive });
  const [preview] = useDebouncedValue(draft, 250);
  const stats = useGetRealtimeStatsQuery({ pieId: pie.id, limit: preview.artistLimit, artistPopularity: preview.artistPopularity, excludeNonActive: preview.excludeNonActive });
  const [updatePie, update] = useUpdatePieMutation();
  const changed = draft.artistLimit !== saved.artistLimit || draft.artistPopularity !== saved.artistPopularity || draft.excludeNonActive !== saved.excludeNonActive;
  const period = pie.currentPeriod;
  const ending = usePieEnding(pie);

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label="Each period" value={formatMoney(pie.settings.amountCents)} />
        <Figure label="This period" value={period ? `${formatDate(period.startsAt)} – ${formatDate(period.endsAt)}` : '—'} />
        <Figure label="Status" value={pie.status === 'past_due' ? 'Payment due' : ending ? `Cancelled, ends ${ending.endsAt ? formatDate(ending.endsAt) : 'with this period'}` : pie.status === 'active' ? 'Active' : 'Ended'} />
      </SimpleGrid>
      {pie.status === 'past_due' && (
        <Alert color="yellow" title="Your last payment did not go through">
          Update your card from Settings → Billing so your pie keeps going.
        </Alert>
      )}
      <MissingTracksNotice pieId={pie.id} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Section title="Try your settings">
          <SplitControls value={draft} onChange={setDraft} />
          <Group>
            <Button onClick={() => void updatePie({ pieId: pie.id, ...draft })} disabled={!changed} loading={update.isLoading}>
              Save settings
            </Button>
            <Anchor component={Link} to="/pie/settings" size="sm">
              More settings, bans and artists
            </Anchor>
          </Group>
          {update.isSuccess && !changed && (
            <Text size="sm" c="teal" role="status">
              Saved. Your new settings apply from your next period.
            </Text>
          )}
          {update.isError && (
            <Alert color="red" role="alert">
              {errorMessage(update.error, 'Your settings could not be saved.')}
            </Alert>
          )}
        </Section>
        <Section title="Your split right now">
          <div aria-busy={stats.isFetching} data-testid="split-preview">
            {stats.isLoading ? (
              <PageLoader />
            ) : stats.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(stats.error, 'The preview could not be computed.')}
              </Alert>
            ) : stats.data ? (
              <SplitChart artists={stats.data.artists} amountCents={stats.data.amountCents} />
            ) : null}
          </div>
          <Text size="xs" c="dimmed">
            The same calculation the period close runs, on your listening so far. Saved changes apply from your next period.
          </Text>
        </Section>
      </SimpleGrid>
      <Anchor component={Link} to="/my-pies">
        Your pies, periods and statements
      </Anchor>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
    </div>
  );
}
