import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ChatCaller } from '../http/chat-caller.js';

export interface RegisterOptions {
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  readonly includeSubscribers: boolean;
  readonly emptyTopicNameCapable: boolean;
  // client_capabilities.user_settings_object: the client reads settings from `user_settings`
  // only, so Zulip leaves out their legacy top-level copies.
  readonly userSettingsObject: boolean;
  readonly presence: {
    // slim_presence, or the simplified_presence_events capability: presences keyed by user id.
    readonly modern: boolean;
    // presence_history_limit_days (null: Zulip's default).
    readonly historyLimitDays: number | null;
  };
}

// What a provider knows of the request: its options, and whether the client asked for every
// event type (Zulip's event_types=None, which some state rules tell apart).
export interface RegisterContext extends RegisterOptions {
  readonly everyEventType: boolean;
}

// One part of POST /register's initial state. `want(type)` says whether the client asked for
// an event type (fetch_event_types, else event_types, else all).
export interface RegisterStateProvider {
  fetch(
    caller: ChatCaller,
    want: (type: string) => boolean,
    context: RegisterContext,
  ): Promise<Record<string, unknown>>;
}

const registerStateMark = DiscoveryService.createDecorator<void>();

// The metadata key of `@RegisterState()`, by which the events feature finds the providers.
export const REGISTER_STATE_KEY = registerStateMark.KEY;

// Makes a class an injectable provider of one part of the initial state: a feature adds its part
// by declaring the provider in its module, and the events feature gathers every provider so
// marked (in the order their modules are imported).
export const RegisterState = (): ClassDecorator => applyDecorators(Injectable(), registerStateMark());
