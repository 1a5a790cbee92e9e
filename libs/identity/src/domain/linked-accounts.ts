import type { LinkedAccount, SocialProvider } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import type { SessionKind } from './session.entity.js';

/** The social sign-ins attached to an account, as settings screens show them. */
export async function linkedAccountsOf(em: EntityManager, kind: SessionKind, subjectId: string): Promise<LinkedAccount[]> {
  const rows = await em.execute<{ provider: SocialProvider; email: string | null; display_name: string | null }[]>(
    `select provider, email, display_name from identity.social_identities
      where subject_kind = ? and subject_id = ? order by provider`,
    [kind, subjectId],
  );
  return rows.map((row) => ({ provider: row.provider, email: row.email, display_name: row.display_name }));
}
