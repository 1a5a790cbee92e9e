import { ConfigError, loadConfig } from '#pie/platform';
import { createWorkerApp } from './create-worker-app.js';

try {
  await createWorkerApp(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`worker: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
