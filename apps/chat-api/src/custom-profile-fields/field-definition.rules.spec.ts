import { describe, expect, it } from '@jest/globals';
import { ChatError } from '../core/http/chat.error.js';
import {
  checkFieldDefinition,
  type FieldDefinition,
  fieldDataShape,
  storedFieldData,
} from './field-definition.rules.js';
import { ProfileFieldType } from './profile-field-types.js';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ChatError) return error.reason;
    throw error;
  }
  throw new Error('expected a ChatError');
}

const definition = (changes: Partial<FieldDefinition>): FieldDefinition => ({
  name: 'Phone',
  hint: '',
  fieldType: ProfileFieldType.SHORT_TEXT,
  fieldData: {},
  displayInProfileSummary: false,
  ...changes,
});
const check = (changes: Partial<FieldDefinition>) => refusal(() => checkFieldDefinition(definition(changes)));

describe(checkFieldDefinition.name, () => {
  it('checks the label, then the hint and name lengths, then the type', () => {
    expect(() => checkFieldDefinition(definition({}))).not.toThrow();
    expect(check({ name: '  ' })).toBe('Label cannot be blank.');
    expect(check({ hint: 'h'.repeat(81), name: 'n'.repeat(41) })).toBe(
      'hint is too long (limit: 80 characters)',
    );
    expect(check({ name: 'n'.repeat(41) })).toBe('name is too long (limit: 40 characters)');
    expect(check({ name: '', fieldType: 9 })).toBe('Label cannot be blank.');
    expect(check({ fieldType: 9 })).toBe('Invalid field type.');
  });

  it('keeps long text and person picker fields out of the profile summary', () => {
    for (const fieldType of [ProfileFieldType.LONG_TEXT, ProfileFieldType.USER])
      expect(check({ fieldType, displayInProfileSummary: true })).toBe(
        'Field type not supported for display in profile summary.',
      );
    expect(() => checkFieldDefinition(definition({ displayInProfileSummary: true }))).not.toThrow();
  });

  it("checks a list of options' choices before its label", () => {
    const select = (fieldData: Record<string, unknown>, name = 'Editor') =>
      check({ fieldType: ProfileFieldType.SELECT, fieldData, name });
    expect(select({}, '')).toBe('Field must have at least one choice.');
    expect(select({ ' ': { text: 'a', order: '1' } })).toBe("'value' cannot be blank.");
    expect(select({ a: 'text' })).toBe('field_data is not a dict');
    expect(select({ a: { order: '1' } })).toBe('text key is missing from field_data');
    expect(select({ a: { text: ' ', order: '1' } })).toBe('field_data["text"] cannot be blank.');
    expect(select({ a: { text: 'x', order: '1', color: 'red' } })).toBe('Unexpected arguments: color');
    expect(select({ a: { text: 'x', order: '1' }, b: { text: 'x', order: '2' } })).toBe(
      'Field must not have duplicate choices.',
    );
  });

  it('checks external accounts: a built-in subtype, or custom with a URL pattern', () => {
    const external = (fieldData: Record<string, unknown>) =>
      check({ fieldType: ProfileFieldType.EXTERNAL_ACCOUNT, fieldData, name: '' });
    expect(() =>
      checkFieldDefinition(definition({ fieldType: 7, fieldData: { subtype: 'github' }, name: '' })),
    ).not.toThrow();
    expect(external({})).toBe('subtype key is missing from field_data');
    expect(external({ subtype: '' })).toBe('field_data["subtype"] cannot be blank.');
    expect(external({ subtype: 'myspace' })).toBe('Invalid external account type');
    expect(external({ subtype: 'custom', url_pattern: 'https://x.com/' })).toBe(
      "URL pattern must contain '%(username)s'.",
    );
    expect(external({ subtype: 'custom', url_pattern: 'x/%(username)s' })).toBe(
      'field_data["url_pattern"] is not a URL',
    );
    // A custom account has a label of its own.
    expect(external({ subtype: 'custom', url_pattern: 'https://x.com/%(username)s' })).toBe(
      'Label cannot be blank.',
    );
  });
});

describe(storedFieldData.name, () => {
  it('keeps only the subtype of a built-in account, and no data for plain types', () => {
    expect(storedFieldData(7, { subtype: 'github', url_pattern: 'https://e.com/%(username)s' })).toBe(
      '{"subtype":"github"}',
    );
    expect(storedFieldData(3, { a: { text: 'A', order: '1' } })).toBe('{"a":{"text":"A","order":"1"}}');
    expect(storedFieldData(1, { a: 'b' })).toBe('');
  });
});

describe('field_data parameter', () => {
  it('takes a dict of strings or of dicts of strings', () => {
    expect(fieldDataShape.check({ a: 'b', c: { text: 'd' } }, 'field_data')).toEqual({
      a: 'b',
      c: { text: 'd' },
    });
    expect(refusal(() => fieldDataShape.check([], 'field_data'))).toBe('field_data is not a dict');
    expect(refusal(() => fieldDataShape.check({ a: 1 }, 'field_data'))).toBe(
      'field_data contains a value that is not an allowed_type',
    );
  });
});
