/**
 * `npm test`: every check CI runs, in stages. Steps that share a stage run side by side: the
 * type checks and the linters are each single-threaded (two cores: both at once), and the build the
 * browser tests need is made while the integration tests run (they compile their own copy of the
 * worker, and much of their time is spent waiting on timers and Postgres). A side step's output is
 * printed whole once it ends, so logs never interleave. Stops at the first stage that fails.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

type Step = { name: string; command: string; buffered?: boolean };

const STAGES: Step[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck --silent', buffered: true },
    { name: 'lint', command: 'npm run lint --silent', buffered: true },
  ],
  [{ name: 'unit and web tests', command: 'npm run test:unit --silent' }],
  [
    { name: 'integration tests', command: 'npm run test:integration --silent' },
    { name: 'build for the browser tests', command: 'npm run build --silent', buffered: true },
  ],
  [{ name: 'end-to-end tests', command: 'npx vitest run --project e2e' }],
];

function run(step: Step): Promise<{ step: Step; code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, stdio: step.buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => resolve({ step, code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }));
  });
}

const total = performance.now();
for (const stage of STAGES) {
  console.log(`\n== ${stage.map((step) => step.name).join(' + ')}`);
  const results = await Promise.all(stage.map(run));
  for (const result of results) {
    if (result.step.buffered && result.output.trim()) console.log(`\n-- ${result.step.name}:\n${result.output.trimEnd()}`);
    console.log(`-- ${result.step.name}: ${result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`} in ${result.seconds.toFixed(0)} s`);
  }
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length > 0) {
    console.log(`\nnpm test failed: ${failed.map((result) => result.step.name).join(', ')}`);
    process.exit(1);
  }
}
console.log(`\nnpm test passed in ${((performance.now() - total) / 1000).toFixed(0)} s`);
