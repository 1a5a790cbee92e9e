import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * Invites an artist to claim their profile: their public page's link with `message`, through the
 * device's share sheet, else copied, else shown to send by hand. Closing the share sheet is no failure.
 */
export function InviteArtistButton({ artistId, artistName, message, children, label, compact = false }: {
  artistId: string;
  artistName: string;
  /** What the invitation says before the link. */
  message: string;
  children: string;
  /** The button's accessible name when its text alone is ambiguous (one button per row of a table). */
  label?: string;
  compact?: boolean;
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const url = `${window.location.origin}/artist/${artistId}`;
  const invite = async () => {
    setOutcome(null);
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: `${artistName} on Pie`, text: message, url });
        setOutcome({ ok: true, text: 'Shared. Thank you for inviting them.' });
      } else if (navigator.clipboard) {
        await navigator.clipboard.writeText(`${message} ${url}`);
        setOutcome({ ok: true, text: `Link copied: send it to ${artistName} or their team.` });
      } else {
        setOutcome({ ok: true, text: `Send ${artistName} or their team this link: ${url}` });
      }
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') return;
      setOutcome({ ok: false, text: `We could not share it here. The link is ${url}` });
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button size={compact ? 'xs' : 'sm'} variant="light" onClick={() => void invite()} aria-label={label}>
        {children}
      </Button>
      {outcome && (
        <Text size={compact ? 'xs' : 'sm'} role={outcome.ok ? 'status' : 'alert'} c={outcome.ok ? 'teal' : 'red'} style={{ overflowWrap: 'anywhere' }}>
          {outcome.text}
        </Text>
      )}
    </Stack>
  );
}
