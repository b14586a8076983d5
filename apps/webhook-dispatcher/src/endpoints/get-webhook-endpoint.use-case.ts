import { Injectable } from '@nestjs/common';
import { endpointNotFound } from '../core/webhook.errors.js';
import type { WebhookEndpoint } from '../endpoint-registry/webhook-endpoint.js';
import { WebhookEndpointsRepository } from '../endpoint-registry/webhook-endpoints.repository.js';

@Injectable()
export class GetWebhookEndpointUseCase {
  constructor(private readonly endpoints: WebhookEndpointsRepository) {}

  async execute(partnerId: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findForPartner(partnerId);
    if (!endpoint) throw endpointNotFound();
    return endpoint;
  }
}
