import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { BotServiceEntity } from './bot-service.entity.js';

// The outgoing webhooks of the realm's outgoing-webhook bots.
@Injectable()
export class BotServicesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // The services of these bots (at most one each).
  listForBots(realmId: number, botUserIds: readonly number[]): Promise<BotServiceEntity[]> {
    return this.dataSource.getRepository(BotServiceEntity).findBy({ realmId, botUserId: In(botUserIds) });
  }

  async insert(unit: UnitOfWork, service: BotServiceEntity): Promise<void> {
    await entityManagerOf(unit).getRepository(BotServiceEntity).insert(service);
  }
}
