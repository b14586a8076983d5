import type { UserEntity } from '../core/accounts/user.entity.js';
import type { StreamEntity } from '../streams/stream.entity.js';

// The Notification Bot's notices of channel changes (zerver/actions/streams.py), posted in the
// channel's "channel events" topic.
function silentMention(user: UserEntity): string {
  return `@_**${user.fullName}|${user.id}**`;
}

export function renameNotice(actor: UserEntity, oldName: string, newName: string): string {
  return `${silentMention(actor)} renamed channel **${oldName}** to **${newName}**.`;
}

export function descriptionNotice(actor: UserEntity, oldDescription: string, newDescription: string): string {
  const shown = (text: string) => (text === '' ? '*No description.*' : text);
  return (
    `${silentMention(actor)} changed the description for this channel.\n\n` +
    `* **Old description:**\n\`\`\`\` quote\n${shown(oldDescription)}\n\`\`\`\`\n` +
    `* **New description:**\n\`\`\`\` quote\n${shown(newDescription)}\n\`\`\`\``
  );
}

// Zulip's Stream.PERMISSION_POLICIES names (no web-public channels here).
export function policyName(stream: Pick<StreamEntity, 'inviteOnly' | 'historyPublicToSubscribers'>): string {
  if (!stream.inviteOnly) return stream.historyPublicToSubscribers ? 'Public' : 'Public, protected history';
  return stream.historyPublicToSubscribers ? 'Private, shared history' : 'Private, protected history';
}

export function permissionNotice(actor: UserEntity, oldPolicy: string, newPolicy: string): string {
  return (
    `${silentMention(actor)} changed the [access permissions](/help/channel-permissions) ` +
    `for this channel from **${oldPolicy}** to **${newPolicy}**.`
  );
}
