import { Module } from '@nestjs/common';
import { AuthenticationModule } from '../authentication/authentication.module.js';
import { DisabledUsersModule } from '../disabled-users/disabled-users.module.js';
import { ProxyFrontDoor } from './proxy-front-door.js';
import { ReverseProxy } from './reverse-proxy.js';

// Requests another service owns: authenticated, then streamed to it ahead of Express.
@Module({
  imports: [AuthenticationModule, DisabledUsersModule],
  providers: [ReverseProxy, ProxyFrontDoor],
  exports: [ProxyFrontDoor],
})
export class ProxyModule {}
