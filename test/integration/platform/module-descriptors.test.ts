import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntitySchema } from '@mikro-orm/core';
import { MIKRO_ORM, type Orm } from '#pie/platform';
import { modules } from '#pie/modules';
import { TestPlatform } from '../../support/test-platform.js';

// One registration per module (issue 9): the api and the worker load their entities from the same
// descriptors (apps/modules.ts), so an entity a module defines but forgets to list, or a module
// with a descriptor that nobody loads, fails here rather than at run time in one process only.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every `*.entity.ts` under libs/, and the entity schemas each exports. */
async function definedEntities(): Promise<{ file: string; name: string }[]> {
  const entries = await readdir(join(ROOT, 'libs'), { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.entity.ts')).map((entry) => join(entry.parentPath, entry.name));
  const found: { file: string; name: string }[] = [];
  for (const file of files) {
    const exported = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (value instanceof EntitySchema) found.push({ file: relative(ROOT, file), name: value.meta.className });
    }
  }
  return found;
}

const entityNamesOf = (orm: Orm): string[] => [...orm.getMetadata().getAll().values()].map((meta) => meta.className).sort();

describe('module descriptors', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'descriptors' });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('give the api and the worker the same entities, and every entity a module defines', async () => {
    const api = entityNamesOf(platform.api.get<Orm>(MIKRO_ORM));
    const worker = entityNamesOf(platform.worker!.get<Orm>(MIKRO_ORM));
    expect(worker).toEqual(api);

    const defined = await definedEntities();
    expect(defined.length).toBeGreaterThanOrEqual(9);
    const missing = defined.filter((entity) => !api.includes(entity.name));
    expect(missing, 'entities defined in libs/ that no module descriptor lists').toEqual([]);
  });

  it('list every module that has a descriptor, once, named after its folder', async () => {
    const entries = await readdir(join(ROOT, 'libs'), { withFileTypes: true, recursive: true });
    const descriptorFiles = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.module-descriptor.ts'));
    const folders = descriptorFiles.map((entry) => relative(join(ROOT, 'libs'), entry.parentPath).split('/')[0]).sort();
    expect(modules.map((module) => module.name).sort()).toEqual(folders);
    for (const module of modules) expect(module.http ?? module.worker, `${module.name} has neither an HTTP nor a worker module`).toBeDefined();
  });
});
