import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AesGcmCipher } from '@shared/util';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';

export const WEBHOOK_SECRET_CIPHER = Symbol('WebhookSecretCipher');

// Every lookup takes the partner id. Secrets are sealed on the way in and opened on the way out,
// each bound to its endpoint, so no other code handles the ciphertext.
@Injectable()
export class WebhookEndpointsRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: AesGcmCipher,
  ) {}

  async findForPartner(partnerId: string, manager?: EntityManager): Promise<WebhookEndpoint | null> {
    const entity = await (manager ?? this.dataSource.manager).findOneBy(WebhookEndpointEntity, { partnerId });
    return entity && this.open(entity);
  }

  // The row locked until the transaction ends, so that two changes of one endpoint serialise.
  async lockForPartner(manager: EntityManager, partnerId: string): Promise<WebhookEndpoint | null> {
    const entity = await manager.findOne(WebhookEndpointEntity, {
      where: { partnerId },
      lock: { mode: 'pessimistic_write' },
    });
    return entity && this.open(entity);
  }

  async insert(manager: EntityManager, endpoint: WebhookEndpoint): Promise<void> {
    await manager.insert(WebhookEndpointEntity, this.seal(endpoint));
  }

  async update(manager: EntityManager, endpoint: WebhookEndpoint): Promise<void> {
    const { id, partnerId, ...changes } = this.seal(endpoint);
    await manager.update(WebhookEndpointEntity, { id, partnerId }, changes);
  }

  private seal(endpoint: WebhookEndpoint): WebhookEndpointEntity {
    const label = labelOf(endpoint.id);
    return {
      id: endpoint.id,
      partnerId: endpoint.partnerId,
      url: endpoint.url,
      secretSealed: this.cipher.seal(Buffer.from(endpoint.secret, 'utf8'), label),
      secretCreatedAt: endpoint.secretCreatedAt,
      previousSecretSealed:
        endpoint.previousSecret === null
          ? null
          : this.cipher.seal(Buffer.from(endpoint.previousSecret, 'utf8'), label),
      previousSecretExpiresAt: endpoint.previousSecretExpiresAt,
      createdAt: endpoint.createdAt,
      updatedAt: endpoint.updatedAt,
    };
  }

  private open(entity: WebhookEndpointEntity): WebhookEndpoint {
    const label = labelOf(entity.id);
    return {
      id: entity.id,
      partnerId: entity.partnerId,
      url: entity.url,
      secret: this.cipher.open(entity.secretSealed, label).toString('utf8'),
      secretCreatedAt: entity.secretCreatedAt,
      previousSecret:
        entity.previousSecretSealed && this.cipher.open(entity.previousSecretSealed, label).toString('utf8'),
      previousSecretExpiresAt: entity.previousSecretExpiresAt,
      createdAt: entity.createdAt,
      updatedAt: entity.updatedAt,
    };
  }
}

const labelOf = (endpointId: string) => `webhook-endpoint:${endpointId}:secret`;
