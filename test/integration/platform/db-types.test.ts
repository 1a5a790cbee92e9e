import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, renderSchemaTypes, valuesOfCheck, type TestDatabase } from '#pie/testing';

// The typed queries (issue 30) are only as true as the table types they are checked against: this
// fails when a migration changed a table and `npm run db:types` was not run, naming the file.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('generated table types', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('dbtypes');
  });
  afterAll(() => db.drop());

  it('match the migrated schema, one file per module schema', async () => {
    const files = await renderSchemaTypes(db.url);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['libs/ledger/src/db/tables.generated.ts', 'libs/platform/src/database/tables.generated.ts']));
    for (const [path, expected] of files) {
      const onDisk = await readFile(join(ROOT, path), 'utf8').catch(() => '(missing)');
      expect(onDisk, `${path} is out of date with the migrations: run npm run db:types`).toBe(expected);
    }
  });

  it('read the values a check constraint allows as a union, and nothing else', () => {
    expect(valuesOfCheck("CHECK ((status = ANY (ARRAY['invited'::text, 'active'::text])))")).toEqual({ column: 'status', values: ['invited', 'active'] });
    expect(valuesOfCheck("CHECK ((kind = 'fan'::text))")).toEqual({ column: 'kind', values: ['fan'] });
    expect(valuesOfCheck("CHECK ((allow_negative OR (balance_cents >= 0)))")).toBeUndefined();
    expect(valuesOfCheck("CHECK (((owner_id IS NULL) = (kind = ANY (ARRAY['refunds'::text]))))")).toBeUndefined();
  });
});
