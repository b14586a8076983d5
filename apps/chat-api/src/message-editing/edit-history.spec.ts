import { describe, expect, it } from '@jest/globals';
import { messageHistory } from './edit-history.js';

describe('messageHistory (fill_edit_history_entries)', () => {
  it('is the message as sent when it was never edited', () => {
    expect(
      messageHistory({
        content: 'hi',
        renderedContent: '<p>hi</p>',
        topic: 'plans',
        timestamp: 100,
        senderId: 7,
        editHistory: [],
      }),
    ).toEqual([{ content: 'hi', rendered_content: '<p>hi</p>', timestamp: 100, topic: 'plans', user_id: 7 }]);
  });

  it('walks back from the current state through each edit, oldest first', () => {
    const history = messageHistory({
      content: 'third',
      renderedContent: '<p>third</p>',
      topic: 'moved',
      timestamp: 100,
      senderId: 7,
      editHistory: [
        { user_id: 9, timestamp: 300, prev_topic: 'plans', topic: 'moved', prev_stream: 1, stream: 2 },
        { user_id: 7, timestamp: 200, prev_content: 'first', prev_rendered_content: '<p>first</p>' },
      ],
    });
    expect(history).toEqual([
      { content: 'first', rendered_content: '<p>first</p>', timestamp: 100, topic: 'plans', user_id: 7 },
      {
        content: 'third',
        rendered_content: '<p>third</p>',
        timestamp: 200,
        topic: 'plans',
        user_id: 7,
        prev_content: 'first',
        prev_rendered_content: '<p>first</p>',
      },
      {
        content: 'third',
        rendered_content: '<p>third</p>',
        timestamp: 300,
        topic: 'moved',
        user_id: 9,
        prev_topic: 'plans',
        prev_stream: 1,
        stream: 2,
      },
    ]);
  });
});
