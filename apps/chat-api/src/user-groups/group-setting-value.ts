import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { invalid, type JsonShape, param, type ParamType, shape } from '../core/http/param-types.js';
import type { GroupPermissionSetting } from './group-permission-settings.js';
import { SystemGroup } from './system-groups.js';

// A group-setting value as the API gives it: a named group's id, or the members of an
// anonymous group.
export interface GroupMembers {
  readonly direct_members: readonly number[];
  readonly direct_subgroups: readonly number[];
}

export type GroupSettingValue = number | GroupMembers;

export interface GroupSettingChange {
  readonly new: GroupSettingValue;
  readonly old?: GroupSettingValue;
}

const integers = shape.list(shape.int());

// Pydantic's `int | UserGroupMembersData`: a value that is neither fails the union's first
// member, which Zulip reports as `<name>["int"] is not an integer`.
const settingValueShape: JsonShape<GroupSettingValue> = {
  check(value, varName) {
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const given = value as Record<string, unknown>;
      const members = tryIntegers(given['direct_members']);
      const subgroups = tryIntegers(given['direct_subgroups']);
      if (members && subgroups) return { direct_members: members, direct_subgroups: subgroups };
    }
    throw invalid(`${varName}["int"] is not an integer`);
  },
};

function tryIntegers(value: unknown): number[] | null {
  try {
    return integers.check(value, '');
  } catch {
    return null;
  }
}

// Zulip's GroupSettingChangeRequest: `{"new": value, "old": value}`, `old` optional.
const changeShape: JsonShape<GroupSettingChange> = {
  check(value, varName) {
    const given = shape.dict().check(value, varName);
    if (!('new' in given)) throw invalid(`${varName}["new"] field is missing`);
    const next = settingValueShape.check(given['new'], `${varName}["new"]`);
    if (given['old'] === undefined || given['old'] === null) return { new: next };
    return { new: next, old: settingValueShape.check(given['old'], `${varName}["old"]`) };
  },
};

export const groupSettingParam: ParamType<GroupSettingValue> = param.json(settingValueShape);
export const groupSettingChangeParam: ParamType<GroupSettingChange> = param.json(changeShape);

// Zulip's parse_group_setting_value: a lone subgroup is that group, and nobody at all is
// role:nobody.
export function normalizeSettingValue(value: GroupSettingValue, nobodyGroupId: number): GroupSettingValue {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1)
    return value.direct_subgroups[0]!;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0) return nobodyGroupId;
  return value;
}

export function sameSettingValue(first: GroupSettingValue, second: GroupSettingValue): boolean {
  if (typeof first === 'number' || typeof second === 'number') return first === second;
  return (
    sameSet(first.direct_members, second.direct_members) &&
    sameSet(first.direct_subgroups, second.direct_subgroups)
  );
}

function sameSet(first: readonly number[], second: readonly number[]): boolean {
  const left = new Set(first);
  const right = new Set(second);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

// Zulip's validate_group_setting_value_change: refuses when the client's `old` is not the stored
// value (a race: the client showed another state), and says whether anything changes.
export function settingChangeNeeded(
  current: GroupSettingValue,
  next: GroupSettingValue,
  expectedCurrent: GroupSettingValue | undefined,
): boolean {
  if (expectedCurrent !== undefined && !sameSettingValue(expectedCurrent, current))
    throw new ChatError(ChatErrorCode.EXPECTATION_MISMATCH, "'old' value does not match the expected value.");
  return !sameSettingValue(current, next);
}

// Zulip's check_setting_configuration_for_system_groups: which system groups a setting refuses.
export function checkSystemGroupAllowed(
  settingName: string,
  groupName: string,
  setting: GroupPermissionSetting,
): void {
  const refused =
    (!setting.allowInternetGroup && groupName === SystemGroup.EVERYONE_ON_INTERNET) ||
    (!setting.allowOwnersGroup && groupName === SystemGroup.OWNERS) ||
    (!setting.allowNobodyGroup && groupName === SystemGroup.NOBODY) ||
    (!setting.allowEveryoneGroup && groupName === SystemGroup.EVERYONE);
  if (refused) throw ChatError.badRequest(`'${settingName}' setting cannot be set to '${groupName}' group.`);
}
