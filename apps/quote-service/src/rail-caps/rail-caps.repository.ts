import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import type { PaymentMethod, TargetCurrency } from '@shared/contracts';
import { RailCapEntity } from './rail-cap.entity.js';

export interface RailKey {
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
}

@Injectable()
export class RailCapsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  all(): Promise<RailCapEntity[]> {
    return this.dataSource
      .getRepository(RailCapEntity)
      .find({ order: { paymentMethod: 'ASC', targetCurrency: 'ASC' } });
  }

  // Null when the rail has no row: nothing capped.
  of({ paymentMethod, targetCurrency }: RailKey): Promise<RailCapEntity | null> {
    return this.dataSource.getRepository(RailCapEntity).findOneBy({ paymentMethod, targetCurrency });
  }

  async save(unit: UnitOfWork, row: RailCapEntity): Promise<void> {
    await entityManagerOf(unit).upsert(RailCapEntity, row, ['paymentMethod', 'targetCurrency']);
  }
}
