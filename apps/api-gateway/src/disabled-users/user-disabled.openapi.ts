import type { OpenAPIObject, ResponseObject } from '@nestjs/swagger';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { USER_DISABLED_REFUSAL, USER_ROUTE_PATHS } from './disabled-user.gate.js';

// The gateway answers a disabled user's quotes, accepts and KYC submissions itself, so their
// services' documents cannot say it: the merged document adds the refusal, its text as answered,
// to each route the gate inspects.
export function documentUserDisabled(document: OpenAPIObject): OpenAPIObject {
  const { status, code, reason } = USER_DISABLED_REFUSAL;
  const refusal = `\`${code}\` "${reason}" (not retryable; answered by the gateway: the wallet session's user, the accept's \`user_id\` or the KYC submission's \`userId\` was disabled by operations)`;
  const paths = { ...document.paths };
  for (const path of USER_ROUTE_PATHS) {
    const operation = paths[path]?.post;
    if (!operation) continue;
    const forbidden = operation.responses['403'] as ResponseObject | undefined;
    const response: ResponseObject = forbidden
      ? { ...forbidden, description: `${forbidden.description}; ${refusal}` }
      : {
          description: refusal,
          content: {
            'application/json': { schema: { $ref: `#/components/schemas/${GatewayErrorResponseDto.name}` } },
          },
        };
    paths[path] = {
      ...paths[path],
      post: { ...operation, responses: { ...operation.responses, [status]: response } },
    };
  }
  return { ...document, paths };
}
