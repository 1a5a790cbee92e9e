/** Queue names never change once shipped (DESIGN §4). */
export const QUEUE_NAMES = ['events', 'listening', 'pies', 'payments', 'escrow', 'email', 'admin'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
