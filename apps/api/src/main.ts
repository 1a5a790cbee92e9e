import { ConfigError, loadConfig } from '#pie/platform';
import { createApiApp } from './create-api-app.js';

try {
  const config = loadConfig();
  const app = await createApiApp(config);
  await app.listen(config.PORT, config.HOST);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`api: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
