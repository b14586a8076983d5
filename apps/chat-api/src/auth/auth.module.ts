import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ChatAccessGuard } from './chat-access.guard.js';
import { ChatAuthenticator } from './chat-authenticator.js';
import { ChatRequestAuthorizer } from './chat-request-authorizer.js';
import { FetchApiKeyController } from './fetch-api-key.controller.js';
import { FetchApiKeyUseCase } from './fetch-api-key.use-case.js';
import { RateLimiter } from './rate-limiter.js';
import { RealmsModule } from '../realms/realms.module.js';
import { UsersModule } from '../users/users.module.js';

@Module({
  imports: [RealmsModule, UsersModule],
  controllers: [FetchApiKeyController],
  // The guard is global so that @ChatEndpoint (in core) declares access without importing auth.
  providers: [
    { provide: APP_GUARD, useClass: ChatAccessGuard },
    ChatAuthenticator,
    ChatRequestAuthorizer,
    FetchApiKeyUseCase,
    RateLimiter,
  ],
})
export class AuthModule {}
