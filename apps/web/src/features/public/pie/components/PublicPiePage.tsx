import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorStatus, errorMessage } from '@web/shared/api';
import { CatalogueImage, EmptyState, PageFrame, PageLoader, Section } from '@web/shared/ui';
import { usePublicPieQuery } from '../api/public-pie.api';

const usd = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

/** /pie/:pieId: a pie's last closed split; the fan is named only when their profile is public. */
export function PublicPiePage() {
  const { pieId = '' } = useParams();
  const pie = usePublicPieQuery(pieId);
  if (pie.isLoading) return <PageLoader />;
  if (pie.isError || !pie.data) {
    const status = errorStatus(pie.error);
    return (
      <PageFrame title="A shared pie">
        {status === 404 || status === 400 ? (
          <EmptyState title="No pie to show" action={<Button component={Link} to="/" variant="default">What is Pie?</Button>}>
            This pie does not exist. A shared pie shows how a fan&apos;s pie was split among the artists they listened to.
          </EmptyState>
        ) : (
          <Alert color="red" role="alert">
            {errorMessage(pie.error, 'This pie could not be loaded.')}
          </Alert>
        )}
      </PageFrame>
    );
  }
  const data = pie.data;
  return (
    <PageFrame title={data.fanName ? `${data.fanName}’s pie` : 'A fan’s pie'} description="Real money from a fan to the artists they listened to, split to the cent.">
      {!data.period ? (
        <EmptyState title="No closed period yet">This pie has not been split yet; come back after its first period ends.</EmptyState>
      ) : (
        <Section title={`${usd(data.period.distributedCents)} to ${data.artists.length} artists`}>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.artists.map((artist) => (
              <Group component="li" key={artist.artistId} gap="sm" wrap="nowrap">
                <CatalogueImage name={artist.name} imageUrl={artist.imageUrl} />
                <Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Link to={`/artist/${artist.artistId}`}>{artist.name}</Link>
                  {` — ${usd(artist.shareCents)} (${(artist.weight * 100).toFixed(1)}%)`}
                </Text>
              </Group>
            ))}
          </Stack>
        </Section>
      )}
    </PageFrame>
  );
}
