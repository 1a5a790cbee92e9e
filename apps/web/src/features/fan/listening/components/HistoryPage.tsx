import type { PlayItem } from '#pie/contracts';
import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { TableScroll, ErrorBlock, LoadingBlock, Pager, PageContainer } from '@web/shared/ui';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useGetLatestPlaysQuery } from '../api/listening.api';
import { formatClock, formatDateTime, formatNumber } from '@web/shared/format';
import { HISTORY_PAGE_SIZES, useHistoryParams } from '../hooks/use-history-params';
import { addDays, dayStartIso } from '../period';
import { TrackArtists } from './TrackArtists';

function PlaysTable({ plays, caption, busy }: { plays: readonly PlayItem[]; caption: string; busy: boolean }) {
  return (
    <TableScroll minWidth={640} stackOnPhone>
      <Table striped highlightOnHover verticalSpacing="sm" aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Track</Table.Th>
            <Table.Th scope="col">Album</Table.Th>
            <Table.Th scope="col">Played</Table.Th>
            <Table.Th scope="col">Listened</Table.Th>
            <Table.Th scope="col">Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plays.map((play) => (
            <Table.Tr key={`${play.track.id}-${play.played_at}`}>
              <Table.Td data-label="Track">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {play.track.name}
                </Text>
                <TrackArtists artists={play.track.artists} />
              </Table.Td>
              <Table.Td data-label="Album">
                <Text size="sm">{play.track.album ?? '—'}</Text>
              </Table.Td>
              <Table.Td data-label="Played">
                <Text size="sm" component="time" dateTime={play.played_at}>
                  {formatDateTime(play.played_at)}
                </Text>
              </Table.Td>
              <Table.Td data-label="Listened">
                <Text size="sm">{formatClock(play.ms_played)}</Text>
              </Table.Td>
              <Table.Td data-label="Source">
                <Badge variant="light" color={play.source === 'export' ? 'grape' : 'teal'}>
                  {play.source === 'export' ? 'Export' : 'Spotify'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** `/history`: the fan's plays, newest first, searchable, one page at a time; all of it in the URL. */
export function HistoryPage() {
  const { state, update, linkTo } = useHistoryParams();
  const { page, limit, q, from, to } = state;
  const periodProblem = from && to && from > to ? 'The start date must be on or before the end date.' : null;
  const plays = useGetLatestPlaysQuery(
    periodProblem
      ? skipToken
      : {
          page,
          limit,
          ...(q ? { search: q } : {}),
          ...(from ? { from: dayStartIso(from) } : {}),
          ...(to ? { to: dayStartIso(addDays(to, 1)) } : {}),
        },
  );
  const filtered = Boolean(q || from || to);
  const shown = plays.currentData ?? plays.data;

  // The fields follow the URL (back, forward, Clear) and keep what the fan types until they search.
  const [fields, setFields] = useState({ q, from: from ?? '', to: to ?? '' });
  useEffect(() => setFields({ q, from: from ?? '', to: to ?? '' }), [q, from, to]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ q: fields.q.trim().slice(0, 100), from: fields.from || null, to: fields.to || null });
  };

  const first = shown ? (shown.pagination.page - 1) * shown.pagination.limit + 1 : 0;
  const last = shown ? first + shown.items.length - 1 : 0;
  const caption = shown
    ? `${formatNumber(shown.pagination.total)} ${filtered ? 'matching plays' : 'plays'}, newest first · page ${formatNumber(shown.pagination.page)} of ${formatNumber(Math.max(1, shown.pagination.pages))}`
    : '';

  return (
    <PageContainer width="wide" py="xl">
      <title>{`History · Pie`}</title>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Listening history</Title>
          <Text c="dimmed">Every play Pie knows of, from Spotify and from your uploaded export.</Text>
        </Stack>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <form role="search" aria-label="Search your plays" onSubmit={onSearch}>
            <Group align="flex-end" gap="md" wrap="wrap">
              <TextInput
                name="q"
                label="Search"
                description="Track, album or artist"
                value={fields.q}
                onChange={(event) => setFields({ ...fields, q: event.currentTarget.value })}
                maxLength={100}
                style={{ flex: '1 1 220px' }}
              />
              <TextInput name="from" type="date" label="From" value={fields.from} onChange={(event) => setFields({ ...fields, from: event.currentTarget.value })} />
              <TextInput name="to" type="date" label="To" value={fields.to} onChange={(event) => setFields({ ...fields, to: event.currentTarget.value })} />
              <Group gap="xs">
                <Button type="submit">Search</Button>
                {filtered && (
                  <Button variant="subtle" onClick={() => update({ q: '', from: null, to: null })}>
                    Clear
                  </Button>
                )}
              </Group>
            </Group>
          </form>
        </Paper>

        {periodProblem ? (
          <Text role="alert" c="red.4">
            {periodProblem}
          </Text>
        ) : plays.isLoading ? (
          <LoadingBlock label="Loading your plays..." />
        ) : plays.isError && !shown ? (
          <ErrorBlock error={plays.error} fallback="Your plays could not be loaded." onRetry={() => void plays.refetch()} retrying={plays.isFetching} />
        ) : shown && shown.items.length === 0 ? (
          <Stack gap="xs" role="status">
            {filtered ? (
              <Text>No plays match your search.</Text>
            ) : page > 1 && shown.pagination.total > 0 ? (
              <Text>
                {'There are no plays on this page. '}
                <Anchor component={Link} to={linkTo(1)}>
                  Go to the first page
                </Anchor>
              </Text>
            ) : (
              <Text>
                {'No plays yet. Connect Spotify or upload your Spotify data export in '}
                <Anchor component={Link} to="/settings#listening">
                  Settings
                </Anchor>
                {' and they appear here.'}
              </Text>
            )}
          </Stack>
        ) : shown ? (
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Text size="sm" role="status">
                {plays.isFetching && !plays.currentData
                  ? `Loading page ${formatNumber(page)}...`
                  : `Showing plays ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(shown.pagination.total)}`}
              </Text>
              <NativeSelect
                label="Plays per page"
                data={HISTORY_PAGE_SIZES.map(String)}
                value={String(limit)}
                onChange={(event) => update({ limit: Number(event.currentTarget.value) })}
                w={140}
              />
            </Group>
            {plays.isError && (
              <ErrorBlock error={plays.error} fallback="This page could not be loaded." onRetry={() => void plays.refetch()} retrying={plays.isFetching} />
            )}
            <PlaysTable plays={shown.items} caption={caption} busy={plays.isFetching} />
            <Pager label="History pages" page={shown.pagination.page} pages={shown.pagination.pages} linkTo={linkTo} />
          </Stack>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
