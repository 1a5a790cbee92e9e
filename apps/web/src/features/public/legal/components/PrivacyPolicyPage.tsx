import { Anchor, Button, List, Table, Text, Title } from '@mantine/core';
import { TableScroll } from '@web/shared/ui';
import { Link } from 'react-router';
import { CATEGORY_LABELS, CLASSIFIED_COOKIES, COOKIE_CATEGORIES, cookieCount, openCookiePreferences } from '@web/shared/cookies';
import { LegalPage } from './LegalPage';

/** 'analytics, advertising or social networking': the categories Pie sets no cookie in. */
function categoriesWithoutCookies(): string {
  const names = COOKIE_CATEGORIES.filter((category) => category !== 'unclassified' && cookieCount(category) === 0).map((category) =>
    CATEGORY_LABELS[category].toLowerCase(),
  );
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The table lists the cookies in the order the Cookie Preferences dialog lists their categories. */
const COOKIES_BY_CATEGORY = [...CLASSIFIED_COOKIES].sort(
  (a, b) => COOKIE_CATEGORIES.indexOf(a.category) - COOKIE_CATEGORIES.indexOf(b.category),
);

/** /privacy-policy: what Pie collects, why, and the cookies it sets. */
export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="December 2026">
      <Text>
        Pie lets fans fund the artists they listen to. To do that we need to know who you are, what you listen to and
        what you pay. This policy explains what we collect, why, who we share it with and the choices you have.
      </Text>

      <Title order={2}>What we collect</Title>
      <List spacing="xs">
        <List.Item>
          <strong>Account details</strong>: your name, e-mail address and password (stored only as a one-way hash), and
          the sign-in accounts you link (Spotify, Google, X, Facebook).
        </List.Item>
        <List.Item>
          <strong>Listening</strong>: the tracks you played on the streaming account you connect, with when and how
          long, which decide how your pie is split.
        </List.Item>
        <List.Item>
          <strong>Payments</strong>: your pies, their amounts and the split. Card details go straight to our payment
          processor; Pie never sees or stores your card number.
        </List.Item>
        <List.Item>
          <strong>Artists and teams</strong>: for artist accounts, the profile, phone number, country, claims and the
          proof of ownership you give us, and payout details held by the payment processor.
        </List.Item>
      </List>

      <Title order={2}>Why we use it</Title>
      <Text>
        To run your account, split your pie among your artists, pay artists, keep money for unclaimed artists in escrow,
        prevent fraud, and meet our legal and accounting duties. We do not sell your data and we show no advertising.
      </Text>

      <Title order={2}>Who we share it with</Title>
      <Text>
        Our payment processor (to charge pies and pay artists), the streaming provider you connect (to read your
        listening), the sign-in providers you choose, and our e-mail provider. Artists see how much their fans sent them,
        not who you are, unless you make your profile public.
      </Text>

      <Title order={2} id="cookies">
        Cookies
      </Title>
      <Text>
        Pie sets only the cookies below. Essential cookies are always on; the others need your permission, and cookies
        of a category you have not allowed are removed. Your choice is kept in your browser&apos;s local storage and in
        the cookie-preferences cookie, and essential cookies are renewed for 30 days on each visit.
      </Text>
      <TableScroll minWidth={560} stackOnPhone label="The cookies Pie sets (table)">
        <Table withTableBorder verticalSpacing="xs">
          <Table.Caption>The cookies Pie sets</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Cookie</Table.Th>
              <Table.Th scope="col">Category</Table.Th>
              <Table.Th scope="col">Purpose</Table.Th>
              <Table.Th scope="col">Lifetime</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {COOKIES_BY_CATEGORY.map((cookie) => (
              <Table.Tr key={cookie.name}>
                <Table.Td data-label="Cookie">
                  <code>{cookie.name}</code>
                </Table.Td>
                <Table.Td data-label="Category">{CATEGORY_LABELS[cookie.category]}</Table.Td>
                <Table.Td data-label="Purpose">
                  {cookie.purpose}
                  {cookie.httpOnly && ' Readable only by our server (HttpOnly), never by scripts in the page.'}
                </Table.Td>
                <Table.Td data-label="Lifetime">{cookie.lifetime}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Text>
        Any other cookie is unclassified and is removed unless you allow unclassified cookies.
        {categoriesWithoutCookies() && ` Pie sets no ${categoriesWithoutCookies()} cookies.`}
      </Text>
      <Button variant="default" w="fit-content" onClick={openCookiePreferences}>
        Change your cookie preferences
      </Button>

      <Title order={2}>How long we keep it</Title>
      <Text>
        As long as your account exists. When you delete it, we delete your account and listening; we keep payment
        records for as long as accounting law requires. See{' '}
        <Anchor component={Link} to="/delete-account-instructions">
          how to delete your account
        </Anchor>
        .
      </Text>
      <Text>
        <strong>The free pie promotion</strong>: it is one per person. If you started a free pie, we keep, also after
        you delete your account, a keyed fingerprint of your e-mail address (read in lower case, without a +tag, and
        for Gmail without dots, since those all reach the same mailbox) and of each sign-in account you linked
        (Spotify, Google, X, Facebook). A fingerprint is a one-way code made with a secret key: it cannot be turned
        back into your address, and nothing else about you is kept with it. We use it only to see that a new account
        has had the free pie before. We keep nothing of this kind if you never started a free pie.
      </Text>

      <Title order={2}>Your rights</Title>
      <Text>
        You can see, correct, export or delete your data, and object to how we use it. Most of this you can do yourself
        in your settings; for anything else, write to privacy@pie.example.
      </Text>
    </LegalPage>
  );
}
