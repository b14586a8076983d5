import type { EntityManager } from 'typeorm';

// Not exported: only `entityManagerOf` reaches the manager behind a unit of work.
const entityManager = Symbol('UnitOfWork.entityManager');

// One database transaction as the code above the repositories sees it: a handle that use cases,
// consumers and workers pass on, and that only repositories and queries open (`entityManagerOf`)
// to read and write inside it. The ORM stays behind the repositories; lint keeps
// `entityManagerOf` in `*.repository.ts` and `*.query.ts`.
export class UnitOfWork {
  readonly [entityManager]: EntityManager;

  constructor(manager: EntityManager) {
    this[entityManager] = manager;
  }
}

export function entityManagerOf(unit: UnitOfWork): EntityManager {
  return unit[entityManager];
}
