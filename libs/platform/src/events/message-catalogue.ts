import type { MessageType } from './domain-event.js';

/**
 * The job types the loaded modules declare. The worker refuses to start if one of
 * them has no handler, so a forgotten handler fails at deploy, not at 3 a.m.
 */
const declaredJobs = new Map<string, MessageType<unknown>>();

export function declareJobs(...types: MessageType<any>[]): void {
  for (const type of types) declaredJobs.set(`${type.queue}:${type.name}`, type);
}

export function declaredJobTypes(): MessageType<unknown>[] {
  return [...declaredJobs.values()];
}
