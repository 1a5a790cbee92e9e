import { Anchor, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageContainer } from '@web/shared/ui';
import { Link } from 'react-router';

function Question({ id, question, children }: { id: string; question: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {question}
        </Title>
        <Stack gap="sm" className="prose">
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /help: the questions fans ask, answered by the rules Pie runs on. */
export function HelpPage() {
  return (
    <PageContainer width="content" py="xl">
      <title>{`Help · Pie`}</title>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Help</Title>
          <Text c="dimmed">How your pie is split, what it costs, and where the money goes.</Text>
        </Stack>

        <Question id="help-split" question="How is my pie split?">
          <Text>
            At the end of each period your pie is divided among the artists you listened to during that period, in
            proportion to how long you listened to each of them. Listening time counts, not the number of plays, so a
            long track weighs more than a short one.
          </Text>
          <Text>
            When a track credits several artists, the time of each play is split evenly among them. A 4-minute track by
            two artists gives each of them 2 minutes.
          </Text>
          <Text>
            Shares are worked out to the cent with the largest-remainder method: every artist first gets the whole cents
            of their exact share, then the cents left over go, one each, to the artists with the largest remainders. The
            shares always add up exactly to your pie, and each artist is within one cent of their exact share.
          </Text>
          <Table withTableBorder withColumnBorders verticalSpacing="xs">
            <Table.Caption>An example: a $10.00 pie, 180 minutes of listening</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Artist</Table.Th>
                <Table.Th scope="col">Listening time</Table.Th>
                <Table.Th scope="col">Exact share</Table.Th>
                <Table.Th scope="col">Paid</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Artist A</Table.Td>
                <Table.Td>60 min</Table.Td>
                <Table.Td>$3.333…</Table.Td>
                <Table.Td>$3.34</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Artist B</Table.Td>
                <Table.Td>60 min</Table.Td>
                <Table.Td>$3.333…</Table.Td>
                <Table.Td>$3.33</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Artist C</Table.Td>
                <Table.Td>60 min</Table.Td>
                <Table.Td>$3.333…</Table.Td>
                <Table.Td>$3.33</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            Each artist gets $3.33 first; the one cent left goes to one of them (equal remainders are settled in a fixed
            order), so the total is exactly $10.00.
          </Text>
          <Text>
            In your pie settings you can also limit how many artists share your pie, leave out artists who are no longer
            active, tilt your pie toward less popular artists, and always include or never include a particular artist.
          </Text>
        </Question>

        <Question id="help-fees" question="What are the fees?">
          <Text>Two fees come out of each payment, and both are shown before you pay:</Text>
          <List spacing="xs">
            <List.Item>
              <strong>The payment processor&apos;s fee</strong>, exactly what the card processor charges for your
              payment.
            </List.Item>
            <List.Item>
              <strong>Pie&apos;s platform fee</strong>, a percentage of your pie (10% by default), which keeps Pie
              running.
            </List.Item>
          </List>
          <Text>Everything that remains is split among your artists. Nothing else is taken along the way.</Text>
        </Question>

        <Question id="help-unclaimed" question="What happens to money for artists who are not on Pie yet?">
          <Text>
            Their share is kept for them in escrow. As soon as the artist (or their team) claims their profile on Pie
            and proves it is theirs, the money waiting for them is released to them.
          </Text>
          <Text>
            If an artist has not claimed their money after 12 months, it comes back to your wallet, and goes into your
            next pie.
          </Text>
        </Question>

        <Question id="help-listening" question="Which listening counts?">
          <Text>
            Plays from the streaming account you connect, during your pie&apos;s period. Pie reads your recently played
            tracks regularly; you can also upload your streaming account&apos;s data export to bring in older
            listening.
          </Text>
        </Question>

        <Question id="help-account" question="How do I cancel or delete my account?">
          <Text>
            You can delete your account from <Anchor component={Link} to="/settings">Settings</Anchor>. The{' '}
            <Anchor component={Link} to="/delete-account-instructions">
              account deletion instructions
            </Anchor>{' '}
            explain what is deleted and what the law requires us to keep.
          </Text>
        </Question>
      </Stack>
    </PageContainer>
  );
}
