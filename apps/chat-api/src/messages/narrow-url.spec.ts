import { describe, expect, it } from '@jest/globals';
import { encodeHashComponent, messageNearUrl } from './narrow-url.js';

describe(messageNearUrl.name, () => {
  const realmUrl = 'https://chat.example.com';

  it('links a channel message by channel and topic', () => {
    const message = {
      id: 42,
      type: 'stream',
      stream_id: 3,
      display_recipient: 'Dev team',
      subject: 'v1.2 (beta)',
    };
    expect(messageNearUrl(realmUrl, message)).toBe(
      'https://chat.example.com/#narrow/channel/3-Dev-team/topic/v1.2E2.20.28beta.29/near/42',
    );
  });

  it('links a direct message by its sorted user ids, tagging groups', () => {
    const recipients = (ids: number[]) => ids.map((id) => ({ id }));
    const dm = (ids: number[]) => ({
      id: 9,
      type: 'private',
      display_recipient: recipients(ids),
      subject: '',
    });
    expect(messageNearUrl(realmUrl, dm([12, 10]))).toBe('https://chat.example.com/#narrow/dm/10,12/near/9');
    expect(messageNearUrl(realmUrl, dm([7, 3, 5]))).toBe(
      'https://chat.example.com/#narrow/dm/3,5,7-group/near/9',
    );
  });
});

describe(encodeHashComponent.name, () => {
  it("encodes like Python's quote(safe='*') with Zulip's replacements", () => {
    expect(encodeHashComponent("it's *ok*! ~ café/x")).toBe('it.27s.20*ok*.21.20~.20caf.C3.A9.2Fx');
  });
});
