import { describe, expect, it } from '@jest/globals';
import { type EditParams, editRequest } from './edit-request.js';

const none: EditParams = {
  content: undefined,
  topic: undefined,
  streamId: undefined,
  propagateMode: 'change_one',
  notifyOldThread: false,
  notifyNewThread: true,
};
const refusal = (params: Partial<EditParams>, topic: string | null = 'plans') => {
  try {
    editRequest({ ...none, ...params }, topic);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('editRequest (validate_message_edit_payload, build_message_edit_request)', () => {
  it('refuses a request that changes nothing, the same topic included', () => {
    expect(refusal({})).toBe('Nothing to change');
    expect(refusal({ topic: '  plans ' })).toBe('Nothing to change');
  });

  it('refuses topics and channels for direct messages', () => {
    expect(refusal({ topic: 'x' }, null)).toBe('Direct messages cannot have topics.');
    expect(refusal({ streamId: 3 }, null)).toBe('Direct messages cannot be moved to channels.');
  });

  it('refuses propagate_mode without a move, content with a channel, a resolved general chat', () => {
    expect(refusal({ content: 'x', propagateMode: 'change_all' })).toBe(
      'Invalid propagate_mode without topic edit',
    );
    expect(refusal({ content: 'x', streamId: 3 })).toBe(
      'Cannot change message content while changing channel',
    );
    expect(refusal({ topic: '✔' })).toBe('General chat cannot be marked as resolved');
    expect(refusal({ topic: '✔ general chat' })).toBe('General chat cannot be marked as resolved');
  });

  it('reads "general chat" and "(no topic)" as the empty topic', () => {
    expect(editRequest({ ...none, topic: 'general chat' }, 'plans').topic).toBe('');
    expect(editRequest({ ...none, topic: ' (no topic) ' }, 'plans').topic).toBe('');
    expect(refusal({ topic: 'general chat' }, '')).toBe('Nothing to change');
  });

  it('reads blank content as "(deleted)" and trims trailing space', () => {
    expect(editRequest({ ...none, content: '   ' }, 'plans').content).toBe('(deleted)');
    expect(editRequest({ ...none, content: 'new  \n' }, 'plans').content).toBe('new');
  });

  it('tells resolving and unresolving from other moves', () => {
    const moved = (from: string, to: string) => {
      const { resolved, unresolved } = editRequest({ ...none, topic: to }, from);
      return { resolved, unresolved };
    };
    expect(moved('plans', '✔ plans')).toEqual({ resolved: true, unresolved: false });
    expect(moved('✔ plans', 'plans')).toEqual({ resolved: false, unresolved: true });
    expect(moved('✔ ✔plans', 'plans')).toEqual({ resolved: false, unresolved: true });
    expect(moved('plans', '✔ other')).toEqual({ resolved: false, unresolved: false });
    expect(moved('✔ plans', 'other')).toEqual({ resolved: false, unresolved: false });
  });
});
