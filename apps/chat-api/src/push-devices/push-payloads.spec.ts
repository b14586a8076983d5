import { describe, expect, it } from '@jest/globals';
import { messagePayloads, removalPayloads } from './push-payloads.js';

const realm = { id: 7, name: 'Acme', url: 'https://acme.chat.example' };
const groupRow = {
  id: 42,
  sender_id: 1,
  sender_email: 'ann@acme.example',
  sender_full_name: 'Ann',
  avatar_url: 'https://secure.gravatar.com/avatar/x',
  timestamp: 1_700_000_000,
  type: 'private',
  display_recipient: [
    { id: 1, full_name: 'Ann' },
    { id: 3, full_name: 'Cy' },
    { id: 2, full_name: 'Bob' },
  ],
  rendered_content: '<p>hi all</p>',
};

describe('messagePayloads', () => {
  it('names a group conversation by its users and lists them in pm_users', () => {
    const { apns, gcm } = messagePayloads(realm, 2, 'direct_message', groupRow);
    expect(apns['alert']).toEqual({ title: 'Ann, Bob, Cy', subtitle: 'Ann:', body: 'hi all' });
    expect(gcm).toMatchObject({ server: 'acme.chat.example', realm_id: 7, user_id: 2, pm_users: '1,2,3' });
  });

  it('shows a channel message’s empty topic under the realm’s name for it', () => {
    const { apns, gcm } = messagePayloads(realm, 2, 'mention', {
      ...groupRow,
      type: 'stream',
      display_recipient: 'general',
      stream_id: 9,
      subject: '',
    });
    expect(apns['alert']).toEqual({
      title: '#general > general chat',
      subtitle: 'Ann mentioned you:',
      body: 'hi all',
    });
    expect(gcm).toMatchObject({
      recipient_type: 'stream',
      stream: 'general',
      stream_id: 9,
      topic: 'general chat',
    });
    expect(gcm).not.toHaveProperty('pm_users');
  });
});

describe('removalPayloads', () => {
  it('names the newest 200 messages, oldest first', () => {
    const ids = Array.from({ length: 250 }, (_, index) => 1000 - index);
    const { gcm, gcmOptions } = removalPayloads(realm, 2, ids);
    const listed = String(gcm['zulip_message_ids']).split(',').map(Number);
    expect(listed).toHaveLength(200);
    expect(listed[0]).toBe(801);
    expect(listed[199]).toBe(1000);
    expect(gcm['zulip_message_id']).toBe(801);
    expect(gcmOptions).toEqual({ priority: 'normal' });
  });
});
