import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { TransactionRunner } from '@platform/database';
import { Clock, IdGenerator } from '@shared/util';
import { OutboundUrlGuard, UnsafeUrlError } from '../outbound/outbound-url-guard.js';
import { generateWebhookSecret } from '../outbound/webhook-signature.js';
import { WebhookDispatcherConfig } from '../core/webhook-dispatcher.config.js';
import { WebhookError, WebhookErrorCode } from '../core/webhook.errors.js';
import type { WebhookEndpoint } from '../endpoint-registry/webhook-endpoint.js';
import { WebhookEndpointsRepository } from '../endpoint-registry/webhook-endpoints.repository.js';

export interface PutWebhookEndpointCommand {
  readonly url: string;
  readonly rotateSecret: boolean;
}

export interface PutWebhookEndpointResult {
  readonly endpoint: WebhookEndpoint;
  readonly created: boolean;
  // Shown once: on creation and on rotation.
  readonly newSecret: string | null;
}

// Registers or changes a partner's receiver. The first registration creates the secret; a
// rotation replaces it and keeps the old one signing for the grace period.
@Injectable()
export class PutWebhookEndpointUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly guard: OutboundUrlGuard,
    private readonly config: WebhookDispatcherConfig,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(partnerId: string, command: PutWebhookEndpointCommand): Promise<PutWebhookEndpointResult> {
    const url = await this.checkedUrl(command.url);
    try {
      return await this.transactions.run(async (unit) => {
        const now = this.clock.now();
        const existing = await this.endpoints.lockForPartner(unit, partnerId);
        if (!existing) {
          const endpoint: WebhookEndpoint = {
            id: this.ids.uuid(),
            partnerId,
            url,
            secret: generateWebhookSecret(),
            secretCreatedAt: now,
            previousSecret: null,
            previousSecretExpiresAt: null,
            createdAt: now,
            updatedAt: now,
          };
          await this.endpoints.insert(unit, endpoint);
          return { endpoint, created: true, newSecret: endpoint.secret };
        }
        const rotated = command.rotateSecret
          ? {
              secret: generateWebhookSecret(),
              secretCreatedAt: now,
              previousSecret: existing.secret,
              previousSecretExpiresAt: new Date(now.getTime() + this.config.WEBHOOK_SECRET_GRACE_MS),
            }
          : {};
        const endpoint: WebhookEndpoint = { ...existing, ...rotated, url, updatedAt: now };
        await this.endpoints.update(unit, endpoint);
        return { endpoint, created: false, newSecret: command.rotateSecret ? endpoint.secret : null };
      });
    } catch (error) {
      // Two first registrations raced: the unique partner index let one in.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') {
        throw new WebhookError(
          WebhookErrorCode.CONCURRENT_CHANGE,
          'The webhook endpoint changed meanwhile; try again',
        );
      }
      throw error;
    }
  }

  private async checkedUrl(raw: string): Promise<string> {
    try {
      return (await this.guard.check(raw)).toString();
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw new WebhookError(WebhookErrorCode.INVALID_URL, error.reason);
      throw error;
    }
  }
}
