import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

// The readiness probe's question to the database: does it answer a trivial statement now?
@Injectable()
export class DatabaseHealth {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async answers(): Promise<boolean> {
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
