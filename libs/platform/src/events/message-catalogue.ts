/**
 * The job types the loaded modules declare (every `defineJob` adds one). The worker refuses
 * to start if one of them has no handler, so a forgotten handler fails at deploy, not at 3 a.m.
 */
export interface DeclaredJob {
  readonly queue: string;
  readonly name: string;
}

const declaredJobs = new Map<string, DeclaredJob>();

export function declareJobs(...types: DeclaredJob[]): void {
  for (const type of types) declaredJobs.set(`${type.queue}:${type.name}`, type);
}

export function declaredJobTypes(): DeclaredJob[] {
  return [...declaredJobs.values()];
}
