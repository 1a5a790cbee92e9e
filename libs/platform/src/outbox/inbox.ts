import type { EntityManager } from '@mikro-orm/postgresql';
import { platformDb } from '../database/platform-db.js';

/**
 * Runs `effect` at most once per (consumer, message id): the inbox row and the effect
 * commit in one transaction, so a redelivered message finds the row and does nothing.
 * Returns false when the message had already been handled.
 */
export async function handleOnce(
  em: EntityManager,
  consumer: string,
  messageId: string,
  effect: (em: EntityManager) => Promise<void>,
): Promise<boolean> {
  return em.fork().transactional(async (tx) => {
    const inserted = await platformDb(tx)
      .insertInto('platform.inbox')
      .values({ consumer, message_id: messageId })
      .onConflict((oc) => oc.doNothing())
      .returning('message_id')
      .execute();
    if (inserted.length === 0) return false;
    await effect(tx);
    return true;
  });
}
