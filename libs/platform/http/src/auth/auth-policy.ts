import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { InternalIdentityKind } from '@shared/contracts';
import { AuthenticationFailedResponseDto } from './authentication-failed.response.dto.js';

// Every route says who may call it; a service refuses to boot when one does not.
export type AuthPolicy = 'public' | InternalIdentityKind;

export const AUTH_POLICY = 'platform:auth-policy';

// A route that needs a credential documents the 401 it answers without one.
const authenticated = (policy: AuthPolicy) =>
  applyDecorators(
    SetMetadata(AUTH_POLICY, policy),
    ApiUnauthorizedResponse({
      type: AuthenticationFailedResponseDto,
      description: 'Missing or invalid credentials',
    }),
  );

// A partner authenticated by the gateway (API key or wallet Bearer token).
export const PartnerAuth = () => authenticated('partner');
// The operations key (X-OPS-API-KEY), checked by the gateway.
export const OpsAuth = () => authenticated('ops');
// Another service of the platform, for /internal routes never exposed by the gateway.
export const InternalAuth = () => authenticated('service');
// No credential at all.
export const Public = () => SetMetadata(AUTH_POLICY, 'public' satisfies AuthPolicy);
