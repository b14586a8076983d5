import { describe, expect, it } from '@jest/globals';
import { ChatError } from '../core/http/chat.error.js';
import { profileDataShape } from './profile-data.params.js';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ChatError) return error.reason;
    throw error;
  }
  throw new Error('expected a ChatError');
}

describe(profileDataShape.name, () => {
  const own = profileDataShape({ nullable: false });
  const byAdministrator = profileDataShape({ nullable: true });

  it('reads {id, value} entries whose value is text or a list of user ids', () => {
    expect(
      own.check(
        [
          { id: 1, value: 'text' },
          { id: 2, value: [3, 4] },
        ],
        'data',
      ),
    ).toEqual([
      { id: 1, value: 'text' },
      { id: 2, value: [3, 4] },
    ]);
    expect(byAdministrator.check([{ id: 1, value: null }], 'profile_data')).toEqual([{ id: 1, value: null }]);
  });

  it('refuses anything else with the entry it is about', () => {
    expect(refusal(() => own.check({}, 'data'))).toBe('data is not a list');
    expect(refusal(() => own.check(['x'], 'data'))).toBe('data[0] is not a dict');
    expect(refusal(() => own.check([{ value: 'x' }], 'data'))).toBe('id key is missing from data[0]');
    expect(refusal(() => own.check([{ id: '1', value: 'x' }], 'data'))).toBe(
      'data[0]["id"] is not an integer',
    );
    expect(refusal(() => own.check([{ id: 1 }], 'data'))).toBe('value key is missing from data[0]');
    expect(refusal(() => own.check([{ id: 1, value: null }], 'data'))).toBe(
      'data[0]["value"] is not an allowed_type',
    );
    expect(refusal(() => own.check([{ id: 1, value: ['a'] }], 'data'))).toBe(
      'data[0]["value"] is not an allowed_type',
    );
    expect(refusal(() => own.check([{ id: 1, value: 'x', rendered: 'y' }], 'data'))).toBe(
      'Unexpected arguments: rendered',
    );
  });
});
