import type { Pie } from '#pie/contracts';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@web/shared/format';
import { ErrorBlock } from '@web/shared/ui';
import { useGetActivePieQuery, usePieStatus } from '@web/shared/pies';

/** The dashboard's pie card: the fan's active pie in a line with the way to it, or the way to create one. */
export function DashboardPieCard() {
  const active = useGetActivePieQuery();
  if (active.isError) {
    return (
      <ErrorBlock
        title="Your pie could not be loaded"
        error={active.error}
        fallback="Something went wrong while loading your pie."
        onRetry={() => void active.refetch()}
        retrying={active.isFetching}
      />
    );
  }
  const pie = active.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="pies-heading">
      <Stack gap="xs" align="center" ta="center" py="lg">
        <Title order={2} size="h3" id="pies-heading">
          {pie === null ? 'No pies yet' : 'Your pie'}
        </Title>
        {pie === undefined ? (
          <Text c="dimmed" role="status">
            Loading your pie…
          </Text>
        ) : pie === null ? (
          <NoPie />
        ) : (
          <ActivePie pie={pie} />
        )}
      </Stack>
    </Paper>
  );
}

function ActivePie({ pie }: { pie: Pie }) {
  const period = pie.currentPeriod;
  const { label, ending } = usePieStatus(pie);
  return (
    <>
      <Text>
        {formatMoney(pie.settings.amountCents)} each period, split among up to {pie.settings.artistLimit} of the artists you listen to.
      </Text>
      {period && (
        <Text c="dimmed">
          This period: {formatDate(period.startsAt)} – {formatDate(period.endsAt)}
        </Text>
      )}
      {ending && <Text role="status">{`${label}: this period still goes to your artists, and you are not charged again.`}</Text>}
      {pie.status === 'past_due' && <Text c="red">Your last payment did not go through: update your card in Settings → Billing.</Text>}
      <Group gap="lg" justify="center">
        <Anchor component={Link} to="/pie">
          Open your pie
        </Anchor>
        <Anchor component={Link} to="/my-pies">
          Periods and statements
        </Anchor>
      </Group>
    </>
  );
}

function NoPie() {
  return (
    <>
      <Text c="dimmed" maw={460}>
        Fund a pie each month and see it split to the cent among the artists you listen to. The listening above is what your
        pie will follow.
      </Text>
      <Anchor component={Link} to="/pie">
        Create your pie
      </Anchor>
    </>
  );
}
