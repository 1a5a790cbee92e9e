import { Button, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ARTIST_LIMIT, ARTIST_POPULARITY, formatCents, parseDollarsToCents, pieAmountError, PIE_DAYS } from '#pie/contracts';
import { serverFieldErrors, serverMessage } from '../../../../shared/api';
import { FormAlert } from '../../../../shared/ui';
import { useCreateCheckoutMutation } from '../api/payments.api';

/** Where the browser goes to pay; a prop so tests can watch it instead of leaving the page. */
export interface CreatePieFormProps {
  goTo?: (url: string) => void;
}

/**
 * The create modal's fields (amount, pie length, artist limit, popularity tilt, active artists only):
 * makes a Checkout Session and sends the browser to Stripe's hosted page to pay.
 */
export function CreatePieForm({ goTo = (url) => window.location.assign(url) }: CreatePieFormProps) {
  const [amount, setAmount] = useState('10.00');
  const [pieDays, setPieDays] = useState<number>(PIE_DAYS.default);
  const [artistLimit, setArtistLimit] = useState<number>(ARTIST_LIMIT.default);
  const [artistPopularity, setArtistPopularity] = useState<number>(ARTIST_POPULARITY.default);
  const [excludeNonActive, setExcludeNonActive] = useState(false);
  const [touched, setTouched] = useState(false);
  const [createCheckout, checkout] = useCreateCheckoutMutation();
  const localAmountError = touched ? pieAmountError(amount) : undefined;
  const fieldErrors = serverFieldErrors(checkout.error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (pieAmountError(amount)) return;
    const result = await createCheckout({ amount: amount.trim(), pieDays, artistLimit, artistPopularity, excludeNonActive });
    if ('data' in result && result.data) goTo(result.data.url);
  }

  const cents = parseDollarsToCents(amount);
  return (
    <form onSubmit={submit} noValidate aria-label="Create your pie">
      <Stack gap="md">
        {checkout.isError && <FormAlert message={serverMessage(checkout.error) ?? 'Could not start the payment. Please try again.'} />}
        <TextInput
          label="Amount per pie (USD)"
          description="$1.00 to $1,000.00, charged at the start of each pie"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={localAmountError ?? fieldErrors.amount?.[0]}
          required
        />
        <NumberInput label="Pie length (days)" min={PIE_DAYS.min} max={PIE_DAYS.max} allowDecimal={false} value={pieDays} onChange={(value) => setPieDays(Number(value) || PIE_DAYS.default)} error={fieldErrors.pieDays?.[0]} />
        <NumberInput label="Most artists in the pie" min={ARTIST_LIMIT.min} max={ARTIST_LIMIT.max} allowDecimal={false} value={artistLimit} onChange={(value) => setArtistLimit(Number(value) || ARTIST_LIMIT.default)} error={fieldErrors.artistLimit?.[0]} />
        <NumberInput
          label="Tilt toward less popular artists (0–100)"
          min={ARTIST_POPULARITY.min}
          max={ARTIST_POPULARITY.max}
          allowDecimal={false}
          value={artistPopularity}
          onChange={(value) => setArtistPopularity(Number(value) || 0)}
          error={fieldErrors.artistPopularity?.[0]}
        />
        <Switch label="Only artists who are still active" checked={excludeNonActive} onChange={(event) => setExcludeNonActive(event.currentTarget.checked)} />
        {'cents' in cents && !localAmountError && (
          <Text size="sm" c="dimmed">
            You pay ${formatCents(cents.cents)} every {pieDays} days. Stripe's card fee (about 2.9% + $0.30) and Pie's 10% come out of it; the rest is split among the
            artists you listen to.
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={checkout.isLoading}>
            Continue to payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
