import { declarePrunable } from '#pie/platform';

// What identity keeps only for a while (the platform's prune job deletes it; see declarePrunable).
declarePrunable(
  // A round trip lasts ten minutes; an hour later its state (used or not) is of no use.
  { table: 'identity.oauth_states', where: `expires_at < now() - interval '1 hour'` },
  // A used or expired e-mail link answers "not valid" whether its row is there or not.
  { table: 'identity.email_tokens', where: `expires_at < now() - interval '1 day' or used_at < now() - interval '1 day'` },
  { table: 'identity.sessions', where: `expires_at < now() - interval '30 days' or revoked_at < now() - interval '30 days'` },
);
