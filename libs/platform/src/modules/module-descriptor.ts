import type { Type } from '@nestjs/common';
import type { EntityDefinition } from '../database/orm.js';

/**
 * Everything a process needs to load one domain module, in one place (DESIGN §3). The api, the
 * worker, the scripts and the tests read the list of descriptors (apps/modules.ts), so adding a
 * module is one entry there and an entity listed here is known to every process alike.
 */
export interface ModuleDescriptor {
  /** The module's name: its folder under libs/ and its Postgres schema. */
  readonly name: string;
  /** Every MikroORM entity of the module (both processes register all of them). */
  readonly entities: readonly EntityDefinition[];
  /** The Nest module apps/api imports (controllers, command and query handlers). */
  readonly http?: Type;
  /** The Nest module apps/worker imports (job handlers, listeners, schedulers). */
  readonly worker?: Type;
}

export function defineModule(descriptor: ModuleDescriptor): ModuleDescriptor {
  return descriptor;
}

/** The entities of all the given modules, each once. */
export function entitiesOf(modules: readonly ModuleDescriptor[]): EntityDefinition[] {
  return [...new Set(modules.flatMap((module) => module.entities))];
}

/** The Nest modules one process imports: `http` for the api, `worker` for the worker. */
export function nestModulesOf(modules: readonly ModuleDescriptor[], side: 'http' | 'worker'): Type[] {
  return modules.flatMap((module) => (module[side] ? [module[side]] : []));
}
