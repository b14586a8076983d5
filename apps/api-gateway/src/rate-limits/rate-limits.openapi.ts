import type { HeaderObject, OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { ROUTE_CLASSES } from './route-class.js';

const PARTNER_SCHEMES = ['apiKey', 'bearer'];

const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  RateLimit: {
    description:
      'The route class\'s remaining quota and the seconds until it is restored (draft-ietf-httpapi-ratelimit-headers), e.g. `"quotes";r=42;t=18`. Answers to partner credentials only.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: `The route class's quota and window in seconds, e.g. \`"quotes";q=300;w=60\`; classes: ${ROUTE_CLASSES.join(', ')}`,
    schema: { type: 'string' },
  },
};

const TOO_MANY_REQUESTS: ResponseObject = {
  description:
    "`rate_limited`: the partner is over its limit of this route's class (retryable after `Retry-After`); `authentication_rate_limited`: too many failed authentications from the client's address",
  headers: {
    'Retry-After': {
      description: 'Seconds until the limit allows the request again',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    },
    ...RATE_LIMIT_HEADERS,
  },
  content: {
    'application/json': { schema: { $ref: `#/components/schemas/${GatewayErrorResponseDto.name}` } },
  },
};

// The gateway limits requests before any service sees them, so the services' documents cannot
// say it: every operation that takes a credential may answer 429, and every answer to a partner
// operation carries the RateLimit headers.
export function documentRateLimits(document: OpenAPIObject): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const documented: Record<string, unknown> = { ...item };
    for (const [method, operation] of Object.entries(item)) {
      if (isOperation(operation) && operation.responses['401'])
        documented[method] = withRateLimits(operation);
    }
    paths[path] = documented;
  }
  return { ...document, paths };
}

function withRateLimits(operation: OperationObject): OperationObject {
  const forPartners = (operation.security ?? []).some((requirement) =>
    PARTNER_SCHEMES.some((scheme) => scheme in requirement),
  );
  const responses: OperationObject['responses'] = { ...operation.responses, '429': TOO_MANY_REQUESTS };
  if (forPartners) {
    for (const [status, response] of Object.entries(responses)) {
      if (status === '429' || !response || '$ref' in response) continue;
      responses[status] = {
        ...(response as ResponseObject),
        headers: { ...response.headers, ...RATE_LIMIT_HEADERS },
      };
    }
  }
  return { ...operation, responses };
}

function isOperation(value: unknown): value is OperationObject {
  return typeof value === 'object' && value !== null && 'responses' in value;
}
