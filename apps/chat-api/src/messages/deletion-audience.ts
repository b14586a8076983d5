import type { CopyHolder } from './message-removal.repository.js';

export interface AudienceChannel {
  readonly inviteOnly: boolean;
  readonly historyPublicToSubscribers: boolean;
}

// Zulip 11's event_recipient_ids_for_action_on_messages, plus the acting user (do_delete_messages
// always tells them): a direct message's copy holders; for a channel, its subscribers, narrowed
// to copy holders when history is protected, widened by the non-guest copy holders (former
// subscribers, historical copies) when the channel is public. Sorted ascending.
export function deletionAudience(
  channel: AudienceChannel | null,
  holders: readonly CopyHolder[],
  subscriberIds: readonly number[],
  actorId: number,
): number[] {
  const holderIds = holders.map((holder) => holder.userId);
  let audience: number[];
  if (channel === null) audience = holderIds;
  else if (!channel.historyPublicToSubscribers)
    audience = subscriberIds.filter((id) => holderIds.includes(id));
  else if (channel.inviteOnly) audience = [...subscriberIds];
  else
    audience = [
      ...subscriberIds,
      ...holders.filter((holder) => !holder.guest).map((holder) => holder.userId),
    ];
  return [...new Set([...audience, actorId])].sort((a, b) => a - b);
}
