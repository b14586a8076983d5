import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UnitOfWork } from './unit-of-work.js';

// For a use case whose change spans several repository calls: `run` opens one transaction and
// hands it to the work as a UnitOfWork, which the work passes on to the repositories.
@Injectable()
export class TransactionRunner {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  run<T>(work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(new UnitOfWork(manager)));
  }
}
