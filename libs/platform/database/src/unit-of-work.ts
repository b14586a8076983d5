import type { DataSource, EntityManager } from 'typeorm';

// Not exported: only `entityManagerOf` reaches the manager behind a unit of work.
const entityManager = Symbol('UnitOfWork.entityManager');

// One database transaction as the code above the repositories sees it: a handle that use cases,
// consumers and workers pass on, and that only repositories and queries open (`entityManagerOf`)
// to read and write inside it. The ORM stays behind the repositories; lint keeps
// `entityManagerOf` in `*.repository.ts` and `*.query.ts`.
export class UnitOfWork {
  readonly [entityManager]: EntityManager;

  // From another unit: the same transaction seen through a richer handle (an outbox's).
  constructor(within: EntityManager | UnitOfWork) {
    this[entityManager] = within instanceof UnitOfWork ? within[entityManager] : within;
  }
}

// With `outside`: for a read that runs in the caller's unit of work when it has one, and on its
// own (the data source's manager) when it has none.
export function entityManagerOf(unit: UnitOfWork): EntityManager;
export function entityManagerOf(unit: UnitOfWork | undefined, outside: DataSource): EntityManager;
export function entityManagerOf(unit: UnitOfWork | undefined, outside?: DataSource): EntityManager {
  return unit === undefined ? outside!.manager : unit[entityManager];
}
