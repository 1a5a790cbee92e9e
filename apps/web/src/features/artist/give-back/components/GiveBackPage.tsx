import { parseDollarsToCents, type Office } from '#pie/contracts';
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '@web/shared/api';
import { formatDateTime, formatMoney } from '@web/shared/format';
import { DataTable, EmptyState, LoadingBlock, ModalDialog, Pager, PageFrame, QueryState, Section } from '@web/shared/ui';
import { useGiveBackMutation, useListGiveBacksQuery, type GiveBackRequest } from '../api/give-back.api';


type Mode = 'share' | 'amount';

/**
 * What the form holds, checked against the office's earnings: the request to send and the words of
 * the confirmation (saying what it comes to), or why not.
 */
function readGift(officeId: string, mode: Mode, value: string, earningsCents: number): { request: GiveBackRequest; words: string } | { error: string } {
  const text = value.trim();
  if (mode === 'share') {
    if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 100) return { error: 'Enter a share from 1 to 100 percent' };
    // An estimate: the server takes the share of the earnings at the moment it books the gift.
    const about = Math.floor((earningsCents * Number(text)) / 100);
    return { request: { officeId, share: Number(text) }, words: `${text}% of your office's earnings (about ${formatMoney(about)} of ${formatMoney(earningsCents)})` };
  }
  const parsed = parseDollarsToCents(text);
  if ('error' in parsed) return { error: 'Enter an amount in dollars, such as 12.50' };
  if (parsed.cents <= 0) return { error: 'Enter an amount above $0.00' };
  if (parsed.cents > earningsCents) return { error: `Your office's earnings are ${formatMoney(earningsCents)}: enter at most that` };
  return { request: { officeId, amount: text }, words: `${formatMoney(parsed.cents)} of your office's ${formatMoney(earningsCents)} in earnings` };
}

function GiveBackForm({ office, earningsCents }: { office: Office; earningsCents: number }) {
  const [mode, setMode] = useState<Mode>('share');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ request: GiveBackRequest; words: string } | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  const [giveBack, giving] = useGiveBackMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const review = () => {
    const gift = readGift(office._id, mode, value, earningsCents);
    if ('error' in gift) return setFieldError(gift.error);
    setFieldError(null);
    setPending(gift);
    open();
  };
  const confirm = async () => {
    if (!pending) return;
    setOutcome(null);
    try {
      const made = await giveBack(pending.request).unwrap();
      setOutcome({ ok: true, message: `Thank you: ${formatMoney(made.amountCents)} went to the promotion pool.` });
      setValue('');
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error, 'We could not make the gift. Please try again.') });
    }
    close();
  };

  return (
    <Section title="Give to the promotion pool" description="The pool pays for free pies that bring new fans to music like yours.">
      <form
        noValidate
        aria-label="Give back"
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <Stack gap="sm">
          <Text data-testid="give-back-earnings">{`Your office's earnings: ${formatMoney(earningsCents)}`}</Text>
          <SegmentedControl
            value={mode}
            onChange={(next) => {
              setMode(next as Mode);
              setFieldError(null);
            }}
            data={[
              { value: 'share', label: 'A share' },
              { value: 'amount', label: 'An amount' },
            ]}
            aria-label="Give a share or an amount"
            w="fit-content"
          />
          <TextInput
            label={mode === 'share' ? 'Share of your earnings (%)' : 'Amount (US dollars)'}
            inputMode={mode === 'share' ? 'numeric' : 'decimal'}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={fieldError}
            required
            maw={280}
          />
          <Group>
            <Button type="submit" disabled={earningsCents <= 0}>
              Review the gift
            </Button>
            {earningsCents <= 0 && <Text size="sm" c="dimmed">There are no earnings to give yet.</Text>}
          </Group>
          {outcome && (
            <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </form>
      <ModalDialog opened={opened} onClose={close} title="Give to the promotion pool?" centered>
        <Stack gap="md">
          <Text>{`${pending?.words ?? ''} goes to the promotion pool.`}</Text>
          <Text size="sm" c="dimmed">
            A gift cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={giving.isLoading}>
              Give
            </Button>
          </Group>
        </Stack>
      </ModalDialog>
    </Section>
  );
}

function GiveBackHistory({ officeId }: { officeId: string }) {
  const [page, setPage] = useState(1);
  const history = useListGiveBacksQuery({ officeId, page });
  return (
    <Section title="Your gifts">
      <QueryState
        query={history}
        loading="Loading your gifts…"
        errorFallback="We could not load your gifts"
        isEmpty={(data) => data.items.length === 0}
        empty="No gifts yet. What you give is listed here."
      >
        {(data) => (
          <>
            <DataTable
              name="Gifts"
              minWidth={420}
              rows={data.items}
              rowKey={(gift) => gift.id}
              columns={[
                { label: 'When', render: (gift) => formatDateTime(gift.createdAt) },
                { label: 'Given as', render: (gift) => (gift.sharePercent === null ? 'An amount' : `${gift.sharePercent}% of earnings`) },
                { label: 'Amount', align: 'right', render: (gift) => formatMoney(gift.amountCents) },
              ]}
            />
            <Pager label="Gift pages" page={data.pagination.page} pages={data.pagination.pages} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Section>
  );
}

/** /for-artists/give-back: an office admin gives a share or an amount of its earnings to the promotion pool. */
export function GiveBackPage({ office, earningsCents }: { office: Office | undefined; earningsCents: number | undefined }) {
  return (
    <PageFrame
      title="Give back"
      site="Pie for artists"
      description="Thank the fans who fund you: give part of your office's earnings to the pool that pays for new fans' free pies."
    >
      {!office ? (
        <EmptyState title="Nothing to give back yet">Once your artists receive money from fans, you can give part of it back from here.</EmptyState>
      ) : (
        <>
          {office.role === 'admin' ? (
            earningsCents === undefined ? (
              <LoadingBlock label="Loading your office's earnings…" />
            ) : (
              <GiveBackForm office={office} earningsCents={earningsCents} />
            )
          ) : (
            <Alert color="gray" variant="light">
              Only an office admin can give part of the office's earnings.
            </Alert>
          )}
          {/* Under the form once it is drawn: the form arriving would push the gifts down. */}
          {(office.role !== 'admin' || earningsCents !== undefined) && <GiveBackHistory officeId={office._id} />}
        </>
      )}
    </PageFrame>
  );
}
