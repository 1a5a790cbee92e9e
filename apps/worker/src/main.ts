import { ConfigError, loadConfig, waitForBackingServices } from '#pie/platform';
import { createWorkerApp } from './create-worker-app.js';

try {
  const config = loadConfig();
  // Postgres and Redis may come up after us (containers, a restart): wait, saying so, rather than exit.
  await waitForBackingServices(config, 'worker');
  await createWorkerApp(config);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`worker: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
