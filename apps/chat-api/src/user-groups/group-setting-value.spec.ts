import { describe, expect, it } from '@jest/globals';
import { ChatError } from '../core/http/chat.error.js';
import { GROUP_PERMISSION_SETTINGS } from './group-permission-settings.js';
import {
  checkSystemGroupAllowed,
  groupSettingChangeParam,
  groupSettingParam,
  normalizeSettingValue,
  sameSettingValue,
  settingChangeNeeded,
} from './group-setting-value.js';

function refusal(run: () => unknown): { msg: string; code: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ChatError) return { msg: error.reason, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('group-setting values', () => {
  it('reads a group id or the members of an anonymous group', () => {
    expect(groupSettingParam.parse('7', 'can_mention_group')).toBe(7);
    expect(
      groupSettingParam.parse('{"direct_members":[1,2],"direct_subgroups":[9]}', 'can_mention_group'),
    ).toEqual({ direct_members: [1, 2], direct_subgroups: [9] });
  });

  it("refuses anything else as the union's first member, as pydantic does", () => {
    for (const raw of [
      '"x"',
      '[1]',
      '{"direct_members":[1]}',
      '{"direct_members":["a"],"direct_subgroups":[]}',
    ])
      expect(refusal(() => groupSettingParam.parse(raw, 'can_join_group')).msg).toBe(
        'can_join_group["int"] is not an integer',
      );
    expect(refusal(() => groupSettingParam.parse('nope', 'can_join_group')).msg).toBe(
      'can_join_group is not valid JSON',
    );
  });

  it('reads a change request with an optional old value', () => {
    expect(groupSettingChangeParam.parse('{"new":3}', 'can_manage_group')).toEqual({ new: 3 });
    expect(
      groupSettingChangeParam.parse('{"new":3,"old":{"direct_members":[1],"direct_subgroups":[]}}', 'x'),
    ).toEqual({
      new: 3,
      old: { direct_members: [1], direct_subgroups: [] },
    });
    expect(refusal(() => groupSettingChangeParam.parse('{"old":3}', 'can_manage_group')).msg).toBe(
      'can_manage_group["new"] field is missing',
    );
    expect(refusal(() => groupSettingChangeParam.parse('3', 'can_manage_group')).msg).toBe(
      'can_manage_group is not a dict',
    );
    expect(refusal(() => groupSettingChangeParam.parse('{"new":"a"}', 'can_manage_group')).msg).toBe(
      'can_manage_group["new"]["int"] is not an integer',
    );
  });

  it('normalizes a lone subgroup to that group and nobody at all to role:nobody', () => {
    expect(normalizeSettingValue({ direct_members: [], direct_subgroups: [5] }, 1)).toBe(5);
    expect(normalizeSettingValue({ direct_members: [], direct_subgroups: [] }, 1)).toBe(1);
    expect(normalizeSettingValue({ direct_members: [4], direct_subgroups: [] }, 1)).toEqual({
      direct_members: [4],
      direct_subgroups: [],
    });
    expect(normalizeSettingValue(8, 1)).toBe(8);
  });

  it('compares values as sets and refuses a stale old value', () => {
    const members = { direct_members: [2, 1], direct_subgroups: [3] };
    expect(sameSettingValue(members, { direct_members: [1, 2], direct_subgroups: [3] })).toBe(true);
    expect(sameSettingValue(members, 3)).toBe(false);
    expect(settingChangeNeeded(3, 3, undefined)).toBe(false);
    expect(settingChangeNeeded(3, 4, 3)).toBe(true);
    expect(refusal(() => settingChangeNeeded(3, 4, 5))).toEqual({
      msg: "'old' value does not match the expected value.",
      code: 'EXPECTATION_MISMATCH',
    });
  });

  it("applies each setting's restrictions on system groups", () => {
    const refuse = (setting: keyof typeof GROUP_PERMISSION_SETTINGS, group: string) =>
      refusal(() => checkSystemGroupAllowed(setting, group, GROUP_PERMISSION_SETTINGS[setting])).msg;
    expect(refuse('can_manage_group', 'role:internet')).toBe(
      "'can_manage_group' setting cannot be set to 'role:internet' group.",
    );
    expect(refuse('can_manage_group', 'role:everyone')).toBe(
      "'can_manage_group' setting cannot be set to 'role:everyone' group.",
    );
    expect(refuse('can_mention_group', 'role:owners')).toBe(
      "'can_mention_group' setting cannot be set to 'role:owners' group.",
    );
    expect(() =>
      checkSystemGroupAllowed(
        'can_mention_group',
        'role:everyone',
        GROUP_PERMISSION_SETTINGS.can_mention_group,
      ),
    ).not.toThrow();
    expect(() =>
      checkSystemGroupAllowed('can_leave_group', 'role:everyone', GROUP_PERMISSION_SETTINGS.can_leave_group),
    ).not.toThrow();
    expect(() =>
      checkSystemGroupAllowed('can_join_group', 'role:nobody', GROUP_PERMISSION_SETTINGS.can_join_group),
    ).not.toThrow();
  });
});
