import { Alert, Button, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api';
import { PageLoader } from './PageLoader';
import classes from './load-state.module.css';

/** A section's loading line, announced politely. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status" aria-live="polite" py="md">
      <Loader size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </Group>
  );
}

export interface ErrorBlockProps {
  error: unknown;
  /** Shown when the server gave no message. */
  fallback: string;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load: the server's message (or the fallback) and a retry. */
export function ErrorBlock({ error, fallback, title, onRetry, retrying }: ErrorBlockProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error, fallback)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** A section with nothing to show yet, said plainly. */
export function EmptyBlock({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="sm">
      {children}
    </Text>
  );
}

/**
 * A list's loading state in the list's own shape (rows of a 40 px picture and two lines), so
 * the page doesn't move when the rows arrive.
 */
export const ListPlaceholder = memo(function ListPlaceholder({ rows, label }: { rows: number; label: string }) {
  return (
    <div className={classes.list} role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={classes.row} aria-hidden="true">
          <span className={classes.avatarBone} />
          <span className={classes.body}>
            <span className={classes.titleBone} />
            <span className={classes.detailBone} />
          </span>
        </div>
      ))}
    </div>
  );
});

/** A page that can't be shown (unknown, private, gone): its title, why, and the way back. */
export function Unavailable({
  title,
  children,
  back = { to: '/dashboard', label: 'Back to your dashboard' },
}: {
  title: string;
  children: ReactNode;
  /** Where the person goes from here (the fan's dashboard unless said otherwise). */
  back?: { to: string; label: string };
}) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert color="gray" variant="light" role="alert">
        {children}
      </Alert>
      <Button component={Link} to={back.to} variant="light" w="fit-content">
        {back.label}
      </Button>
    </Stack>
  );
}

/** The parts of an RTK Query hook's result that `QueryState` reads. */
export interface QueryLike<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  isFetching?: boolean;
  isError: boolean;
  refetch?: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Said while loading ("Loading your plays..."). */
  loading: string;
  /** The loading state in the content's own shape, instead of the loading line. */
  placeholder?: ReactNode;
  /** Shown when the server gave no message. */
  errorFallback: string;
  errorTitle?: string;
  /** When the answer counts as empty (e.g. no rows). */
  isEmpty?: (data: T) => boolean;
  /** Said when it is empty: what there is none of and what makes something appear. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * One query's loading, error (with a retry) and empty states, then the content: every screen
 * says the same thing the same way while its data is on its way or missing.
 */
export function QueryState<T>({
  query,
  loading,
  placeholder,
  errorFallback,
  errorTitle,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isError && query.data === undefined) {
    return (
      <ErrorBlock
        error={query.error}
        fallback={errorFallback}
        title={errorTitle}
        onRetry={query.refetch ? () => void query.refetch?.() : undefined}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data === undefined) return placeholder ?? <LoadingBlock label={loading} />;
  if (isEmpty?.(query.data) && empty !== undefined) return <EmptyBlock>{empty}</EmptyBlock>;
  return children(query.data);
}

/** What `AfterFirstAnswers` reads of a query: RTK Query's `isUninitialized` marks a skipped one. */
type FirstAnswerLike = Pick<QueryLike<unknown>, 'data' | 'isError'> & { isUninitialized?: boolean };

/** A read has answered once: it has data or an error, or it was never asked (skipped). */
function answered(query: FirstAnswerLike): boolean {
  return query.data !== undefined || query.isError || query.isUninitialized === true;
}

/**
 * A page's sections held back until each of the reads above the fold has answered once, then
 * drawn together. Sections that each appear as their own read arrives push the ones below them
 * down (a phone reader loses their place, Lighthouse counts a layout shift). Later fetches (a
 * new period, a refetch) keep what is shown: RTK Query keeps the last data meanwhile.
 * The same reads are asked again inside the sections: RTK Query answers both from one request.
 */
export function AfterFirstAnswers({
  queries,
  label,
  children,
}: {
  queries: readonly FirstAnswerLike[];
  /** Said while waiting ("Loading your funds…"). */
  label: string;
  children: ReactNode;
}) {
  return queries.every(answered) ? children : <PageLoader label={label} />;
}
