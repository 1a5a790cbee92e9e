import type { Pie, PieSplitArtist } from '#pie/contracts';
import { PIE_LIMITS } from '#pie/contracts';
import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@web/shared/api';
import { CatalogueImage, EmptyState, PageFrame, PageLoader, Section } from '@web/shared/ui';
import {
  useBanArtistMutation,
  useCancelSubscriptionMutation,
  useGetActivePieQuery,
  useGetRealtimeStatsQuery,
  useSetInclusionMutation,
  useUpdatePieMutation,
} from '../api/pies.api';
import { REASON_LABEL } from '../format';
import { formatListened, formatMoney, formatNumber } from '@web/shared/format';
import { pieAmountError } from '#pie/contracts';
import { endsPhrase, usePieEnding } from '@web/shared/pies';
import { SplitControls, type SplitSettingsValue } from './SplitControls';

/** /pie/settings: the five settings, banning and including artists (with search), cancelling. */
export function PieSettingsPage() {
  const active = useGetActivePieQuery();
  return (
    <PageFrame title="Pie settings" description="Change your pie, choose your artists, or cancel." back={{ to: '/pie', label: 'Your pie' }}>
      {active.isLoading ? (
        <PageLoader />
      ) : active.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(active.error, 'Your pie could not be loaded.')}
        </Alert>
      ) : !active.data ? (
        <EmptyState title="No active pie">Once you fund a pie, its settings are here.</EmptyState>
      ) : (
        <Stack gap="xl">
          <SettingsForm pie={active.data} />
          <ArtistChoices pie={active.data} />
          <CancelPie pie={active.data} />
        </Stack>
      )}
    </PageFrame>
  );
}

function SettingsForm({ pie }: { pie: Pie }) {
  const saved = pie.pendingSettings ?? pie.settings;
  const [amount, setAmount] = useState((saved.amountCents / 100).toFixed(2));
  const [pieDays, setPieDays] = useState(saved.pieDays);
  const [split, setSplit] = useState<SplitSettingsValue>({ artistLimit: saved.artistLimit, artistPopularity: saved.artistPopularity, excludeNonActive: saved.excludeNonActive });
  const [updatePie, update] = useUpdatePieMutation();
  const amountError = pieAmountError(amount) ?? null;
  return (
    <Section title="Settings">
      {/* A promotional pie is funded once by the promotion: its amount and period length are fixed. */}
      <TextInput
        label="Amount per period (USD)"
        leftSection="$"
        value={amount}
        onChange={(event) => setAmount(event.currentTarget.value)}
        error={amountError}
        inputMode="decimal"
        disabled={pie.promo}
        description={pie.promo ? 'A promotional pie keeps its amount and period length.' : undefined}
      />
      <NumberInput label="Period length (days)" min={PIE_LIMITS.pieDays.min} max={PIE_LIMITS.pieDays.max} value={pieDays} onChange={(value) => setPieDays(typeof value === 'number' ? value : saved.pieDays)} allowDecimal={false} disabled={pie.promo} />
      <SplitControls value={split} onChange={setSplit} />
      {pie.pendingSettings && <Text size="sm" c="dimmed">{`From your next period: ${formatMoney(pie.pendingSettings.amountCents)}, up to ${pie.pendingSettings.artistLimit} artists.`}</Text>}
      {update.isError && (
        <Alert color="red" role="alert">
          {errorMessage(update.error, 'Your settings could not be saved.')}
        </Alert>
      )}
      {update.isSuccess && (
        <Text size="sm" c="teal" role="status">
          Saved. Your new settings apply from your next period.
        </Text>
      )}
      <Group>
        <Button disabled={Boolean(amountError)} loading={update.isLoading} onClick={() => void updatePie(pie.promo ? { pieId: pie.id, ...split } : { pieId: pie.id, amount, pieDays, ...split })}>
          Save settings
        </Button>
      </Group>
    </Section>
  );
}

/**
 * Artists drawn at once, in the split's order; more on request. A heavy listener has hundreds in a
 * period, and each row's controls drawn at once held a phone's main thread for over a second.
 */
const ARTIST_CHOICES_AT_ONCE = 25;

function ArtistChoices({ pie }: { pie: Pie }) {
  const stats = useGetRealtimeStatsQuery({ pieId: pie.id });
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState(ARTIST_CHOICES_AT_ONCE);
  const [ban, banning] = useBanArtistMutation();
  const [setInclusion, including] = useSetInclusionMutation();
  const term = search.trim().toLowerCase();
  const artists = (stats.data?.artists ?? []).filter((artist) => !term || artist.name.toLowerCase().includes(term));
  const visible = artists.slice(0, shown);
  const more = Math.min(ARTIST_CHOICES_AT_ONCE, artists.length - visible.length);
  const failure = banning.error ?? including.error;
  return (
    <Section title="Your artists this period">
      <TextInput
        label="Search your artists"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setShown(ARTIST_CHOICES_AT_ONCE);
        }}
      />
      {failure && (
        <Alert color="red" role="alert">
          {errorMessage(failure, 'That change could not be saved.')}
        </Alert>
      )}
      {stats.isLoading ? (
        <PageLoader />
      ) : artists.length === 0 ? (
        <Text c="dimmed">{term ? 'No artist matches.' : 'No listening in this period yet.'}</Text>
      ) : (
        <Stack gap="sm">
          {visible.map((artist) => (
            <ArtistChoice key={artist.artistId} artist={artist} onBan={(banned) => void ban({ artistId: artist.artistId, banned })} onInclusion={(included) => artist.pieArtistId && void setInclusion({ pieArtistId: artist.pieArtistId, included })} />
          ))}
          {more > 0 && (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" c="dimmed">{`Showing ${formatNumber(visible.length)} of ${formatNumber(artists.length)} artists`}</Text>
              <Button variant="default" onClick={() => setShown((count) => count + ARTIST_CHOICES_AT_ONCE)}>
                {`Show ${formatNumber(more)} more`}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Section>
  );
}

function ArtistChoice({ artist, onBan, onInclusion }: { artist: PieSplitArtist; onBan: (banned: boolean) => void; onInclusion: (included: boolean | null) => void }) {
  const value = artist.inclusion === 'included' ? 'always' : artist.inclusion === 'excluded' ? 'never' : 'rules';
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        <CatalogueImage name={artist.name} imageUrl={artist.imageUrl} />
        <div style={{ minWidth: 0 }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {artist.name}
          </Text>
          <Text size="xs" c="dimmed">
            {`${formatListened(artist.listenedMs)} · ${artist.selected ? formatMoney(artist.shareCents) : (REASON_LABEL[artist.reason ?? ''] ?? '')}`}
          </Text>
        </div>
      </Group>
      <Group gap="xs">
        <SegmentedControl
          size="xs"
          aria-label={`Include ${artist.name}`}
          value={value}
          onChange={(next) => onInclusion(next === 'always' ? true : next === 'never' ? false : null)}
          data={[
            { value: 'rules', label: 'By the rules' },
            { value: 'always', label: 'Always' },
            { value: 'never', label: 'Never' },
          ]}
          disabled={artist.banned}
        />
        <Button size="xs" variant={artist.banned ? 'filled' : 'default'} color="red" onClick={() => onBan(!artist.banned)} aria-label={`${artist.banned ? 'Unban' : 'Ban'} ${artist.name}`}>
          {artist.banned ? 'Unban' : 'Ban'}
        </Button>
      </Group>
    </Group>
  );
}

function CancelPie({ pie }: { pie: Pie }) {
  const [cancel, cancelling] = useCancelSubscriptionMutation();
  const [confirming, setConfirming] = useState(false);
  const ending = usePieEnding(pie);
  if (!pie.subscriptionId || pie.promo) return null;
  if (ending) {
    return (
      <Section title="Your pie is cancelled">
        <Text size="sm" role="status">
          {`It ends ${endsPhrase(ending)}: this period still goes to your artists, and you are not charged again.`}
        </Text>
      </Section>
    );
  }
  return (
    <Section title="Cancel your pie">
      <Text size="sm">Your current period still goes to your artists when it ends; you are not charged again.</Text>
      {cancelling.isError && (
        <Alert color="red" role="alert">
          {errorMessage(cancelling.error, 'Your pie could not be cancelled.')}
        </Alert>
      )}
      {cancelling.isSuccess ? (
        <Text c="teal" role="status">Cancelled. No further charges.</Text>
      ) : confirming ? (
        <Group>
          <Button color="red" loading={cancelling.isLoading} onClick={() => void cancel({ subscriptionId: pie.subscriptionId! })}>
            Yes, cancel my pie
          </Button>
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </Group>
      ) : (
        <Group>
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            Cancel pie
          </Button>
        </Group>
      )}
    </Section>
  );
}
