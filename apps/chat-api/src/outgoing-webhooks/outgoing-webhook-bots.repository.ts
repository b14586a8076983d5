import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserEntity } from '../core/accounts/user.entity.js';
import { BotServiceEntity } from '../bots/bot-service.entity.js';

export interface ServiceBot {
  readonly user: UserEntity;
  readonly service: BotServiceEntity;
}

// The outgoing-webhook bots a message may trigger, read in the send's transaction.
@Injectable()
export class OutgoingWebhookBotsRepository {
  // The active bots with a service among these users, by id (one query when none has one).
  async activeAmong(unit: UnitOfWork, realmId: number, userIds: readonly number[]): Promise<ServiceBot[]> {
    const manager = entityManagerOf(unit);
    const services = await manager
      .getRepository(BotServiceEntity)
      .findBy({ realmId, botUserId: In([...userIds]) });
    if (services.length === 0) return [];
    const bots = await manager.getRepository(UserEntity).findBy({
      realmId,
      id: In(services.map((service) => service.botUserId)),
      isActive: true,
    });
    return services
      .sort((a, b) => a.botUserId - b.botUserId)
      .flatMap((service) => {
        const user = bots.find((bot) => bot.id === service.botUserId);
        return user ? [{ user, service }] : [];
      });
  }
}
