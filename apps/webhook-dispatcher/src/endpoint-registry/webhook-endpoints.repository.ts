import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, PreparedStatements, tableName, type UnitOfWork } from '@platform/database';
import { AesGcmCipher } from '@shared/util';
import { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import type { WebhookEndpoint } from './webhook-endpoint.js';

export const WEBHOOK_SECRET_CIPHER = Symbol('WebhookSecretCipher');

// Every lookup takes the partner id. Secrets are sealed on the way in and opened on the way out,
// each bound to its endpoint, so no other code handles the ciphertext.
@Injectable()
export class WebhookEndpointsRepository {
  private readonly table: string;
  private readonly prepared: PreparedStatements;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: AesGcmCipher,
  ) {
    this.table = tableName(dataSource, WebhookEndpointEntity);
    this.prepared = new PreparedStatements(dataSource, 'endpoint');
  }

  // A prepared statement for the two lookups every delivery makes (recording an event, attempting it).
  async findForPartner(partnerId: string): Promise<WebhookEndpoint | null> {
    const [row] = await this.prepared.query<EndpointRow>(
      `SELECT id, partner_id, url, secret_sealed, secret_created_at, previous_secret_sealed,
              previous_secret_expires_at, created_at, updated_at
         FROM ${this.table} WHERE partner_id = $1`,
      [partnerId],
    );
    return row ? this.open(entityOf(row)) : null;
  }

  // Only which endpoint, without opening its secrets.
  async idForPartner(unit: UnitOfWork, partnerId: string): Promise<string | null> {
    const manager = entityManagerOf(unit);
    const [row] = (await manager.query(`SELECT id FROM ${this.table} WHERE partner_id = $1`, [
      partnerId,
    ])) as Array<{
      id: string;
    }>;
    return row?.id ?? null;
  }

  // The row locked until the transaction ends, so that two changes of one endpoint serialise.
  async lockForPartner(unit: UnitOfWork, partnerId: string): Promise<WebhookEndpoint | null> {
    const manager = entityManagerOf(unit);
    const entity = await manager.findOne(WebhookEndpointEntity, {
      where: { partnerId },
      lock: { mode: 'pessimistic_write' },
    });
    return entity && this.open(entity);
  }

  async insert(unit: UnitOfWork, endpoint: WebhookEndpoint): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.insert(WebhookEndpointEntity, this.seal(endpoint));
  }

  async update(unit: UnitOfWork, endpoint: WebhookEndpoint): Promise<void> {
    const manager = entityManagerOf(unit);
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

interface EndpointRow {
  readonly id: string;
  readonly partner_id: string;
  readonly url: string;
  readonly secret_sealed: Buffer;
  readonly secret_created_at: Date;
  readonly previous_secret_sealed: Buffer | null;
  readonly previous_secret_expires_at: Date | null;
  readonly created_at: Date;
  readonly updated_at: Date;
}

function entityOf(row: EndpointRow): WebhookEndpointEntity {
  return {
    id: row.id,
    partnerId: row.partner_id,
    url: row.url,
    secretSealed: row.secret_sealed,
    secretCreatedAt: row.secret_created_at,
    previousSecretSealed: row.previous_secret_sealed,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const labelOf = (endpointId: string) => `webhook-endpoint:${endpointId}:secret`;
