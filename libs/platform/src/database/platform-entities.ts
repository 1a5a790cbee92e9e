import { OutboxMessageSchema } from '../outbox/outbox-message.entity.js';

export const platformEntities = [OutboxMessageSchema];
