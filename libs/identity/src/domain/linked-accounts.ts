import type { LinkedAccount } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
import type { SessionKind } from './session.entity.js';

/** The social sign-ins attached to an account, as settings screens show them. */
export async function linkedAccountsOf(em: EntityManager, kind: SessionKind, subjectId: string): Promise<LinkedAccount[]> {
  const rows = await identityDb(em)
    .selectFrom('identity.social_identities')
    .select(['provider', 'email', 'display_name'])
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .orderBy('provider')
    .execute();
  return rows.map((row) => ({ provider: row.provider, email: row.email, display_name: row.display_name }));
}
