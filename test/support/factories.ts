import { randomBytes } from 'node:crypto';
import type { RegisterFanRequest } from '#pie/contracts';

/** A valid registration body; override any field. */
export function makeFanRegistration(overrides: Partial<Record<keyof RegisterFanRequest, unknown>> = {}): Record<string, unknown> {
  const id = randomBytes(4).toString('hex');
  return {
    email: `fan-${id}@example.test`,
    first_name: 'Robin',
    last_name: `Listener ${id}`,
    password: 'correct horse battery',
    accepted_terms_and_conditions: true,
    ...overrides,
  };
}
