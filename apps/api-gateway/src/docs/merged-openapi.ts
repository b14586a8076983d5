import { Inject, Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { InternalHttpClient, InternalTokenService } from '@platform/http';
import { LOGGER, type Logger } from '@platform/logging';
import { ServiceName } from '@shared/contracts';
import { Clock } from '@shared/util';
import { GatewayConfig } from '../core/api-gateway.config.js';
import { documentUserDisabled } from '../disabled-users/user-disabled.openapi.js';
import { PAYOUT_UPSTREAMS, upstreamUrl } from '../proxy/gateway-routes.js';
import { documentRateLimits } from '../rate-limits/rate-limits.openapi.js';

const CACHE_MS = 30_000;

// One OpenAPI document for the whole payout API, assembled from each owning service's own
// document. A service that is down leaves its routes out for a moment rather than breaking /docs.
@Injectable()
export class MergedOpenApi {
  private readonly client: InternalHttpClient;
  private cached: { at: number; document: OpenAPIObject } | null = null;

  constructor(
    private readonly config: GatewayConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    tokens: InternalTokenService,
  ) {
    this.client = new InternalHttpClient(ServiceName.ApiGateway, tokens, 3_000);
  }

  async document(gatewayDocument: OpenAPIObject): Promise<OpenAPIObject> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.document;
    const parts = await Promise.all(
      PAYOUT_UPSTREAMS.map((upstream) => this.fetchDocument(upstreamUrl(upstream, this.config))),
    );
    const document = documentRateLimits(
      documentUserDisabled(
        mergeDocuments(
          gatewayDocument,
          parts.filter((part): part is OpenAPIObject => part !== null),
        ),
      ),
    );
    this.cached = { at: now, document };
    return document;
  }

  private async fetchDocument(baseUrl: string): Promise<OpenAPIObject | null> {
    try {
      return await this.client.getJson<OpenAPIObject>(new URL('/internal/openapi.json', baseUrl).toString());
    } catch (error) {
      this.logger.warn({ err: error, baseUrl }, 'service OpenAPI document unavailable');
      return null;
    }
  }
}

export function mergeDocuments(base: OpenAPIObject, parts: readonly OpenAPIObject[]): OpenAPIObject {
  const all = [base, ...parts];
  return {
    ...base,
    paths: Object.assign({}, ...all.map((doc) => doc.paths)),
    tags: [...new Map(all.flatMap((doc) => doc.tags ?? []).map((tag) => [tag.name, tag])).values()],
    components: {
      ...base.components,
      schemas: Object.assign({}, ...all.map((doc) => doc.components?.schemas ?? {})),
    },
  };
}
