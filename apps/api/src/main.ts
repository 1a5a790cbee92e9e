import { ConfigError, loadConfig, waitForBackingServices } from '#pie/platform';
import { createApiApp } from './create-api-app.js';

try {
  const config = loadConfig();
  // Postgres and Redis may come up after us (containers, a restart): wait, saying so, rather than exit.
  await waitForBackingServices(config, 'api');
  const app = await createApiApp(config);
  await app.listen(config.PORT, config.HOST);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`api: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
