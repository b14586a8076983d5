import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../core/server-facts.js';
import { CurrentSnapshotQuery } from './current-snapshot.query.js';
import type { EventQueue } from './event-queue.js';
import { EventQueueRegistry } from './event-queue.registry.js';
import { assertPublicStreamsAllowed } from './get-events.use-case.js';
import { checkNarrowForEvents, type NarrowTerm } from './narrow-predicate.js';
import type { RegisterOptions } from '../core/events/register-state.js';
import { RegisterStateProviders } from './register-state.providers.js';

export interface RegisterCommand extends RegisterOptions {
  readonly eventTypes: readonly string[] | undefined;
  readonly fetchEventTypes: readonly string[] | undefined;
  readonly queue: {
    readonly allPublicStreams: boolean;
    readonly narrow: readonly NarrowTerm[];
    readonly lifespanSeconds: number;
    readonly streamTypingNotifications: boolean;
    readonly bulkMessageDeletion: boolean;
    readonly slimPresence: boolean;
    readonly simplifiedPresenceEvents: boolean;
  };
}

// POST /register: creates the caller's event queue first, then reads the initial state, so no
// change made after the state was read is missed (it arrives as an event); a change the state
// already includes is kept out of the queue (InitialStateFence).
@Injectable()
export class RegisterQueueUseCase {
  constructor(
    private readonly registry: EventQueueRegistry,
    private readonly providers: RegisterStateProviders,
    private readonly snapshots: CurrentSnapshotQuery,
  ) {}

  async execute(caller: ChatCaller, command: RegisterCommand) {
    assertPublicStreamsAllowed(caller, command.queue.allPublicStreams);
    checkNarrowForEvents(command.queue.narrow);
    const queue = await this.registry.create(
      {
        userId: caller.user.id,
        realmId: caller.realm.id,
        // Zulip filters the queue by event_types; fetch_event_types only chooses the state.
        eventTypes: command.eventTypes ? new Set(command.eventTypes) : null,
        applyMarkdown: command.applyMarkdown,
        clientGravatar: command.clientGravatar,
        emptyTopicName: command.emptyTopicNameCapable,
        ...command.queue,
      },
      { readsInitialState: true },
    );
    try {
      queue.fence.settle(await this.snapshots.read());
      return await this.answer(queue, caller, command);
    } catch (error) {
      this.registry.delete(queue);
      throw error;
    }
  }

  private async answer(queue: EventQueue, caller: ChatCaller, command: RegisterCommand) {
    const wanted = command.fetchEventTypes ?? command.eventTypes;
    const want = (type: string) => wanted === undefined || wanted.includes(type);
    const context = { ...command, everyEventType: wanted === undefined };
    const state: Record<string, unknown> = {};
    for (const provider of this.providers.all) {
      const part = await provider.fetch(caller, want, context);
      // Each key has one owner: a second answer would silently win by module order.
      const taken = Object.keys(part).find((key) => key in state);
      if (taken) throw new Error(`Two register-state providers answer '${taken}'`);
      Object.assign(state, part);
    }
    return {
      queue_id: queue.id,
      last_event_id: -1,
      zulip_version: ZULIP_VERSION,
      zulip_feature_level: ZULIP_FEATURE_LEVEL,
      zulip_merge_base: ZULIP_VERSION,
      ...state,
    };
  }
}
