import {
  CLAIM_MESSAGES,
  STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  type ArtistSearchItem,
  type SocialPlatform,
  type VerificationMethod,
} from '#pie/contracts';
import { Alert, Anchor, Avatar, Badge, Button, Checkbox, Group, NativeSelect, Radio, Stack, Stepper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@web/shared/api';
import { formatMoney } from '@web/shared/format';
import { LoadingBlock, ErrorBlock, Pager } from '@web/shared/ui';
import { useCreateClaimMutation, useFetchSocialsQuery, useSearchArtistsQuery } from '../api/claims.api';
import classes from './claim-wizard.module.css';

/** The claim flow's fields (spec §3). */
interface ClaimFlow {
  selectedArtist: string;
  selectedArtistData: ArtistSearchItem | null;
  agreesToWaiver: boolean;
  agreesToFundsTerms: boolean;
  agreesToTerms: boolean;
  verificationMethod: VerificationMethod | '';
  selectedPlatform: SocialPlatform | '';
  verificationString: string;
}

const EMPTY: ClaimFlow = {
  selectedArtist: '',
  selectedArtistData: null,
  agreesToWaiver: false,
  agreesToFundsTerms: false,
  agreesToTerms: false,
  verificationMethod: '',
  selectedPlatform: '',
  verificationString: '',
};

type StepErrors = Partial<Record<keyof ClaimFlow, string>>;

/** Each step's rules, with the spec's own texts (§5). */
function errorsOf(step: number, flow: ClaimFlow): StepErrors {
  const errors: StepErrors = {};
  if (step === 0 && !flow.selectedArtist) errors.selectedArtist = CLAIM_MESSAGES.selectArtist;
  if (step === 1) {
    if (!flow.agreesToWaiver) errors.agreesToWaiver = CLAIM_MESSAGES.waiver;
    if (!flow.agreesToFundsTerms) errors.agreesToFundsTerms = CLAIM_MESSAGES.fundsTerms;
    if (!flow.agreesToTerms) errors.agreesToTerms = CLAIM_MESSAGES.terms;
  }
  if (step === 2) {
    if (!flow.verificationMethod) errors.verificationMethod = CLAIM_MESSAGES.method;
    if (!flow.selectedPlatform) errors.selectedPlatform = CLAIM_MESSAGES.platform;
    if (!flow.verificationString.trim()) errors.verificationString = CLAIM_MESSAGES.verificationString;
  }
  return errors;
}

/** Step 0: find the artist in the catalogue (six a page); claimed artists are marked and cannot be picked. */
function PickArtist({ flow, onPick, error }: { flow: ClaimFlow; onPick: (artist: ArtistSearchItem) => void; error?: string }) {
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(term.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [term]);
  const results = useSearchArtistsQuery({ search_term: search, page });
  return (
    <Stack gap="sm">
      <TextInput label="Search for the artist" placeholder="Artist name" value={term} onChange={(event) => setTerm(event.currentTarget.value)} error={error} />
      {results.isLoading && <LoadingBlock label="Searching…" />}
      {results.isError && <ErrorBlock error={results.error} fallback="The search failed" onRetry={results.refetch} />}
      {results.data && results.data.items.length === 0 && <Text c="dimmed">No artist matches “{search}”.</Text>}
      {results.data && results.data.items.length > 0 && (
        <ul className={classes.results} aria-label="Artists">
          {results.data.items.map((artist) => {
            const selected = flow.selectedArtist === artist._id;
            return (
              <li key={artist._id}>
                <UnstyledButton
                  className={classes.result}
                  data-selected={selected || undefined}
                  aria-pressed={selected}
                  disabled={artist.claimed}
                  onClick={() => onPick(artist)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={artist.image_url} alt="" radius="sm" />
                    <Text fw={selected ? 700 : 500}>{artist.name}</Text>
                    {artist.claimed && <Badge color="gray" variant="light">Claimed</Badge>}
                    {!artist.claimed && artist.claimed_by_you && <Badge color="grape" variant="light">Your claim</Badge>}
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
      {results.data && <Pager label="Artist results" page={results.data.pagination.page} pages={results.data.pagination.pages} onPage={setPage} />}
    </Stack>
  );
}

/** Step 2: the method, the platform and the string; the string is the server's for this artist. */
function Verification({ flow, update, errors, officeId }: { flow: ClaimFlow; update: (changes: Partial<ClaimFlow>) => void; errors: StepErrors; officeId?: string }) {
  const socials = useFetchSocialsQuery({ artistId: flow.selectedArtist, ...(officeId ? { officeId } : {}) }, { skip: !flow.selectedArtist });
  const generated = socials.data?.verificationString;
  // Fill the field when the server's string arrives (the person may still edit it afterwards).
  useEffect(() => {
    if (generated) update({ verificationString: generated });
  }, [generated]);
  return (
    <Stack gap="md">
      <Radio.Group
        label="Verification method"
        value={flow.verificationMethod}
        onChange={(value) => update({ verificationMethod: value as VerificationMethod })}
        error={errors.verificationMethod}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="bio" label="Bio string: put a short string in the bio of the artist's profile or linked social page" />
          <Radio value="social" label="Social sign-in: sign in to the artist's official account" />
        </Stack>
      </Radio.Group>
      <NativeSelect
        label="Social platform"
        data={[{ value: '', label: 'Choose a platform', disabled: true }, ...SOCIAL_PLATFORMS.map((platform) => ({ value: platform, label: SOCIAL_PLATFORM_LABELS[platform] }))]}
        value={flow.selectedPlatform}
        onChange={(event) => update({ selectedPlatform: event.currentTarget.value as SocialPlatform | '' })}
        error={errors.selectedPlatform}
      />
      <TextInput
        label="Verification string"
        description="Generated for you and this artist. You will put it in a bio when you verify."
        value={flow.verificationString}
        onChange={(event) => update({ verificationString: event.currentTarget.value })}
        error={errors.verificationString}
        rightSection={
          generated && flow.verificationString !== generated ? (
            <Anchor component="button" type="button" size="xs" onClick={() => update({ verificationString: generated })}>
              Reset
            </Anchor>
          ) : null
        }
        rightSectionWidth={60}
      />
      {socials.isError && <ErrorBlock error={socials.error} fallback="We could not load the artist's links" onRetry={socials.refetch} />}
    </Stack>
  );
}

/** The three-step claim wizard (spec §2, texts §5); a created claim opens its page to verify. */
/** What the artist accepts, shown before they tick the boxes (not only linked). */
function ClaimTerms({ artistName }: { artistName: string }) {
  return (
    <Stack gap="xs" component="section" aria-label="What you agree to">
      <Text size="sm">
        <Text span fw={600}>
          Waiver.{' '}
        </Text>
        {`You confirm that you are ${artistName} or are authorised to manage ${artistName}'s profile. A claim found to be false is cancelled, and money paid out on it may be recovered.`}
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          Funds terms.{' '}
        </Text>
        {`Money fans gave ${artistName} waits in escrow until this claim is verified and your office's Stripe account can receive transfers; it then moves to your office. Stripe charges ${formatMoney(STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS)} for each month the account is active, taken from that month's first transfer; Pie sends earnings to Stripe in batches (once they reach a threshold, or at month end). Escrow nobody claims within 12 months returns to the fans who gave it.`}
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          Terms and conditions.{' '}
        </Text>
        Pie&apos;s{' '}
        <Anchor href="/terms" target="_blank" rel="noopener noreferrer">
          Terms of Service (opens in a new tab)
        </Anchor>{' '}
        and{' '}
        <Anchor href="/privacy-policy" target="_blank" rel="noopener noreferrer">
          Privacy Policy (opens in a new tab)
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

export function ClaimWizard({ officeId, onCancel }: { officeId?: string; onCancel?: () => void }) {
  const [step, setStep] = useState(0);
  const [flow, setFlow] = useState<ClaimFlow>(EMPTY);
  const [shown, setShown] = useState<Record<number, boolean>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [createClaim, creating] = useCreateClaimMutation();
  const navigate = useNavigate();
  const update = (changes: Partial<ClaimFlow>) => setFlow((current) => ({ ...current, ...changes }));
  const errors = shown[step] ? errorsOf(step, flow) : {};

  const next = async () => {
    setShown((current) => ({ ...current, [step]: true }));
    if (Object.keys(errorsOf(step, flow)).length > 0) return;
    if (step < 2) return setStep(step + 1);
    setFailure(null);
    try {
      const claim = await createClaim({
        selectedArtist: flow.selectedArtist,
        agreesToWaiver: true,
        agreesToFundsTerms: true,
        agreesToTerms: true,
        verificationMethod: flow.verificationMethod as VerificationMethod,
        selectedPlatform: flow.selectedPlatform as SocialPlatform,
        verificationString: flow.verificationString.trim(),
        ...(officeId ? { officeId } : {}),
      }).unwrap();
      await navigate(`/for-artists/claims/${claim.id}`);
    } catch (error) {
      setFailure(errorMessage(error, 'We could not create the claim. Please try again.'));
    }
  };

  return (
    <Stack gap="lg">
      <Stepper active={step} onStepClick={(target) => target < step && setStep(target)} size="sm">
        <Stepper.Step label="Artist" description="Who you claim">
          <PickArtist flow={flow} error={errors.selectedArtist} onPick={(artist) => update({ selectedArtist: artist._id, selectedArtistData: artist, verificationString: '' })} />
        </Stepper.Step>
        <Stepper.Step label="Agreements" description="What you accept">
          <Stack gap="sm">
            {flow.selectedArtistData && <Text>{`You are claiming ${flow.selectedArtistData.name}.`}</Text>}
            <ClaimTerms artistName={flow.selectedArtistData?.name ?? 'the artist'} />
            <Checkbox label="I agree to the waiver" checked={flow.agreesToWaiver} onChange={(event) => update({ agreesToWaiver: event.currentTarget.checked })} error={errors.agreesToWaiver} />
            <Checkbox label="I agree to the funds terms" checked={flow.agreesToFundsTerms} onChange={(event) => update({ agreesToFundsTerms: event.currentTarget.checked })} error={errors.agreesToFundsTerms} />
            <Checkbox label="I agree to the terms and conditions" checked={flow.agreesToTerms} onChange={(event) => update({ agreesToTerms: event.currentTarget.checked })} error={errors.agreesToTerms} />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Verification" description="How you prove it">
          <Verification flow={flow} update={update} errors={errors} officeId={officeId} />
        </Stepper.Step>
      </Stepper>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="space-between">
        <Group gap="sm">
          {onCancel && (
            <Button variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          )}
          {step > 0 && (
            <Button variant="default" onClick={() => setStep(step - 1)}>
              Back
            </Button>
          )}
        </Group>
        <Button onClick={() => void next()} loading={creating.isLoading}>
          {step < 2 ? 'Next step' : 'Create claim'}
        </Button>
      </Group>
    </Stack>
  );
}
