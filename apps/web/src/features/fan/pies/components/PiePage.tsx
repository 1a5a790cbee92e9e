import { PROMO_PIE_CENTS, type Pie } from '#pie/contracts';
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { AfterFirstAnswers, EmptyState, PageFrame, PageLoader, Section } from '@web/shared/ui';
import { useGetActivePieQuery, useGetOrphanedTracksQuery, useGetRealtimeStatsQuery, useUpdatePieMutation } from '../api/pies.api';
import { endsPhrase, usePieStatus } from '@web/shared/pies';
import { formatDate, formatMoney } from '@web/shared/format';
import { useFreePieOffer } from '../hooks/use-free-pie-offer';
import type { PromoFan } from '../promo';
import { CreatePieModal } from './CreatePieModal';
import { FreePieModal } from './FreePieModal';
import { MissingTracksNotice } from './MissingTracksNotice';
import { PieRules } from './PieRules';
import { SplitControls, type SplitSettingsValue } from './SplitControls';
import { SplitPreview } from './SplitPreview';

/**
 * /pie: the fan's active pie with its live split, the settings to try and save, the create modal and
 * the rules. A fan who may still have the free pie (spec §4 "Promo eligible") is offered it beside
 * the paid one; once started, the page waits for the pie (made by the worker) and shows it.
 */
export function PiePage({ fan }: { fan: PromoFan }) {
  const active = useGetActivePieQuery();
  const offer = useFreePieOffer(fan);
  const [creating, setCreating] = useState(false);
  const [startingFree, setStartingFree] = useState(false);
  const [freePieStarted, setFreePieStarted] = useState(false);
  return (
    <PageFrame title="Your pie" description="The pie you fund this period and where it is going.">
      {active.isLoading || offer.checking ? (
        <PageLoader />
      ) : active.isError ? (
        <Alert color="red" role="alert" title="Your pie could not be loaded">
          {errorMessage(active.error, 'Please try again.')}
        </Alert>
      ) : active.data ? (
        <ActivePie pie={active.data} after={<PieRules />} />
      ) : freePieStarted ? (
        <FreePieStarting />
      ) : offer.eligible ? (
        <EmptyState
          title="No pies yet"
          action={
            <Group justify="center">
              <Button onClick={() => setStartingFree(true)}>{`Start your free ${formatMoney(PROMO_PIE_CENTS)} pie`}</Button>
              <Button variant="default" onClick={() => setCreating(true)}>
                Create your pie
              </Button>
            </Group>
          }
        >
          <Text c="dimmed">
            {`Your first pie is on us: ${formatMoney(PROMO_PIE_CENTS)} from the Pie promotion, split among the artists you listen to at the end of the period. No card needed. Or choose your own amount and pay for it.`}
          </Text>
        </EmptyState>
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
      <FreePieModal
        opened={startingFree}
        onClose={() => setStartingFree(false)}
        onStarted={() => {
          setStartingFree(false);
          setFreePieStarted(true);
        }}
      />
      {/* Under an active pie the rules come with its split (ActivePie), not before it has loaded. */}
      {!active.isLoading && !offer.checking && !active.data && <PieRules />}
    </PageFrame>
  );
}

/** The free pie has started; the worker makes its pie in a moment: poll until it is there (the page then shows it). */
function FreePieStarting() {
  useGetActivePieQuery(undefined, { pollingInterval: 1500, skipPollingIfUnfocused: false });
  return (
    <Stack gap="md" align="flex-start" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden="true" />
      <Text>Your free pie has started. Setting it up… this takes a few seconds.</Text>
    </Stack>
  );
}

/**
 * The active pie: its figures, the settings to try, the live split, then `after` (the rules). All
 * drawn once the split and the missing-tracks notice have answered, so neither pushes the page down.
 */
function ActivePie({ pie, after }: { pie: Pie; after: ReactNode }) {
  const saved: SplitSettingsValue = pie.pendingSettings ?? pie.settings;
  const [draft, setDraft] = useState<SplitSettingsValue>({ artistLimit: saved.artistLimit, artistPopularity: saved.artistPopularity, excludeNonActive: saved.excludeNonActive });
  const [preview] = useDebouncedValue(draft, 250);
  const stats = useGetRealtimeStatsQuery({ pieId: pie.id, limit: preview.artistLimit, artistPopularity: preview.artistPopularity, excludeNonActive: preview.excludeNonActive });
  const estimate = stats.data?.estimate ?? null;
  const [updatePie, update] = useUpdatePieMutation();
  const changed = draft.artistLimit !== saved.artistLimit || draft.artistPopularity !== saved.artistPopularity || draft.excludeNonActive !== saved.excludeNonActive;
  const period = pie.currentPeriod;
  const { label: status, ending } = usePieStatus(pie);
  // A cancelled pie has no next period: saved settings would never apply.
  const whenChangesApply = ending ? `Your pie ends ${endsPhrase(ending)}: there is no next period for new settings.` : 'Saved changes apply from your next period.';
  const orphans = useGetOrphanedTracksQuery(pie.id);

  return (
    <AfterFirstAnswers queries={[stats, orphans]} label="Loading your split…">
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label="Each period" value={formatMoney(pie.settings.amountCents)} />
          <Figure label="This period" value={period ? `${formatDate(period.startsAt)} – ${formatDate(period.endsAt)}` : '—'} />
          <Figure label="Status" value={status} />
        </SimpleGrid>
        {pie.promo && (
          <Text>{`Your free pie: the Pie promotion pays its ${formatMoney(pie.settings.amountCents)}, and nothing is charged to you.`}</Text>
        )}
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
              <Button onClick={() => void updatePie({ pieId: pie.id, ...draft })} disabled={!changed || Boolean(ending)} loading={update.isLoading}>
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
          <Section title={estimate ? 'Your split, estimated' : 'Your split right now'}>
            <SplitPreview stats={stats} errorFallback="The preview could not be computed." estimateDays={estimate?.days} testId="split-preview" />
            <Text size="xs" c="dimmed">
              {estimate
                ? `Your period has no listening of its own yet, so this is an estimate from your last ${estimate.days} days, by the calculation the period close runs. At the end of the period only what you listen to during it counts. ${whenChangesApply}`
                : `The same calculation the period close runs, on your listening so far. ${whenChangesApply}`}
            </Text>
          </Section>
        </SimpleGrid>
        <Anchor component={Link} to="/my-pies">
          Your pies, periods and statements
        </Anchor>
      </Stack>
      {after}
    </AfterFirstAnswers>
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
