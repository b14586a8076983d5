import { describe, expect, it } from '@jest/globals';
import { lastMovedSeconds } from './message-moves.js';

describe('lastMovedSeconds', () => {
  it('is the latest entry that moved the message to another channel or topic', () => {
    expect(
      lastMovedSeconds([
        { user_id: 1, timestamp: 100, prev_topic: 'a', topic: 'b' },
        { user_id: 1, timestamp: 300, prev_stream: 4, stream: 5 },
        { user_id: 1, timestamp: 200, prev_content: 'x', prev_rendered_content: '<p>x</p>' },
      ]),
    ).toBe(300);
  });

  it('leaves out content edits and resolving or unresolving the topic', () => {
    expect(
      lastMovedSeconds([
        { user_id: 1, timestamp: 100, prev_topic: 'plans', topic: '✔ plans' },
        { user_id: 1, timestamp: 200, prev_topic: '✔ plans', topic: 'plans' },
        { user_id: 1, timestamp: 300, prev_content: 'x' },
      ]),
    ).toBeNull();
    expect(lastMovedSeconds(null)).toBeNull();
  });

  it('counts renaming a resolved topic as a move', () => {
    expect(lastMovedSeconds([{ user_id: 1, timestamp: 100, prev_topic: '✔ plans', topic: '✔ goals' }])).toBe(
      100,
    );
  });
});
