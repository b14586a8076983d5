import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { REGISTER_STATE_KEY, type RegisterStateProvider } from '../core/events/register-state.js';

// Every @RegisterState provider of the app, found once at boot.
@Injectable()
export class RegisterStateProviders implements OnModuleInit {
  private found: readonly RegisterStateProvider[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.found = this.discovery
      .getProviders({ metadataKey: REGISTER_STATE_KEY })
      .map((wrapper) => wrapper.instance as RegisterStateProvider);
  }

  get all(): readonly RegisterStateProvider[] {
    return this.found;
  }
}
