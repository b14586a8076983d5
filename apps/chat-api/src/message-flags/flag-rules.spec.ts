import { describe, expect, it } from '@jest/globals';
import { MessageFlag } from '../core/database/message-flags.js';
import { flagChange, marksUnread } from './flag-rules.js';

describe('flagChange', () => {
  it.each(['read', 'starred', 'collapsed'])('accepts the editable flag %s', (flag) => {
    expect(flagChange(flag, 'add')).toEqual({
      flag,
      operation: 'add',
      bit: MessageFlag[flag as 'read'],
      target: MessageFlag[flag as 'read'],
    });
    expect(flagChange(flag, 'remove').target).toBe(0);
  });

  it.each([
    'mentioned',
    'stream_wildcard_mentioned',
    'topic_wildcard_mentioned',
    'group_mentioned',
    'has_alert_word',
    'historical',
    'force_expand',
    'force_collapse',
  ])('refuses the bookkeeping flag %s as not editable', (flag) => {
    expect(() => flagChange(flag, 'add')).toThrow(`Flag not editable: '${flag}'`);
  });

  it.each(['wildcard_mentioned', 'is_private', 'unknown', ''])('refuses %j as an invalid flag', (flag) => {
    expect(() => flagChange(flag, 'add')).toThrow(`Invalid flag: '${flag}'`);
  });

  it('checks the flag before the operation', () => {
    expect(() => flagChange('nope', 'toggle')).toThrow("Invalid flag: 'nope'");
    expect(() => flagChange('read', 'toggle')).toThrow("Invalid message flag operation: 'toggle'");
  });

  it('knows that removing read marks unread', () => {
    expect(marksUnread(flagChange('read', 'remove'))).toBe(true);
    expect(marksUnread(flagChange('read', 'add'))).toBe(false);
    expect(marksUnread(flagChange('starred', 'remove'))).toBe(false);
  });
});
