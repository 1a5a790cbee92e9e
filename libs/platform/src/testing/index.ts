// Test helpers: imported as '#pie/testing' from tests only.
export { createTestDatabase, recreateDatabase, databaseUrl, uniqueQueuePrefix, TEST_POSTGRES_URL, TEST_REDIS_URL, TEMPLATE_DATABASE, type TestDatabase } from './test-database.js';
export { seededRandom } from './seeded-random.js';
export { renderSchemaTypes, tablesFileOf, valuesOfCheck } from './schema-types.js';
