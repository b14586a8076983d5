import type { ChatCaller } from '../core/http/chat-caller.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';
import { DeliveryType } from './scheduled-message.entity.js';
import { reminderRow, scheduledMessageRow } from './scheduled-message.presenter.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';

// `scheduled_messages` and `reminders` in POST /register.
@RegisterState()
export class ScheduledStateProvider implements RegisterStateProvider {
  constructor(private readonly rows: ScheduledMessagesRepository) {}

  async fetch(caller: ChatCaller, want: (type: string) => boolean) {
    const state: Record<string, unknown> = {};
    if (want('scheduled_messages')) {
      const rows = await this.rows.pending(caller.realm.id, caller.user.id, DeliveryType.SEND_LATER);
      state['scheduled_messages'] = rows.map(scheduledMessageRow);
    }
    if (want('reminders')) {
      const rows = await this.rows.pending(caller.realm.id, caller.user.id, DeliveryType.REMIND);
      state['reminders'] = rows.map(reminderRow);
    }
    return state;
  }
}
