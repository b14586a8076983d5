import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

// For a use case whose change spans several repository calls: `run` opens one transaction and
// hands its EntityManager to the work, which passes it on to the repositories. The use case
// itself never queries through it (data access stays in `*.repository.ts`).
@Injectable()
export class TransactionRunner {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
