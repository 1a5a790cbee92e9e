import { randomUUID } from 'node:crypto';
import type { EntityManager } from '#pie/platform';
import { hashPassword } from '#pie/identity';

export const DEMO_FAN = { email: 'fan@pie.local', password: 'pie-demo-fan', firstName: 'Demo', lastName: 'Fan' };

/** Demo accounts a newcomer can sign in with at once; inserting twice changes nothing. */
export async function seedDemoData(em: EntityManager): Promise<void> {
  const passwordHash = await hashPassword(DEMO_FAN.password);
  await em.execute(
    `insert into identity.fans (id, email, first_name, last_name, password_hash, email_verified_at, accepted_terms_at)
     values (?, ?, ?, ?, ?, now(), now()) on conflict (email) do nothing`,
    [randomUUID(), DEMO_FAN.email, DEMO_FAN.firstName, DEMO_FAN.lastName, passwordHash],
  );
}
