import { randomUUID } from 'node:crypto';
import type { EntityManager } from '#pie/platform';
import { Admin } from './admin.entity.js';
import { hashPassword } from './secrets.js';

/** Creates an admin, or sets a new password for an existing one. Command line only. */
export async function createAdmin(em: EntityManager, input: { email: string; name: string; password: string }): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const existing = await em.findOne(Admin, { email });
  if (existing) {
    existing.passwordHash = passwordHash;
    await em.flush();
    return { id: existing.id, created: false };
  }
  const admin = em.create(Admin, { id: randomUUID(), email, name: input.name, passwordHash });
  await em.persist(admin).flush();
  return { id: admin.id, created: true };
}
