import type { JsonShape } from '../core/http/param-types.js';
import type { ProfileDataEntry } from './profile-data.service.js';
import { checkDictOnly } from './value-checks.js';
import { ChatError } from '../core/http/chat.error.js';

const refuse = (msg: string): never => {
  throw ChatError.badRequest(msg);
};

function checkInt(varName: string, value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value)
    ? value
    : refuse(`${varName} is not an integer`);
}

// A value is text or a list of user ids; PATCH /users/{id} also takes null (clear the field).
function checkValue(nullable: boolean) {
  return (varName: string, value: unknown): unknown => {
    const allowed =
      typeof value === 'string' ||
      (nullable && value === null) ||
      (Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isInteger(item)));
    return allowed ? value : refuse(`${varName} is not an allowed_type`);
  };
}

// `data` of PATCH /users/me/profile_data and `profile_data` of PATCH /users/{id}: a list of
// {id, value}.
export function profileDataShape({ nullable }: { nullable: boolean }): JsonShape<ProfileDataEntry[]> {
  return {
    check(value, varName) {
      if (!Array.isArray(value)) return refuse(`${varName} is not a list`);
      return value.map((item, index) => {
        const entry = checkDictOnly(`${varName}[${index}]`, item, [
          ['id', checkInt],
          ['value', checkValue(nullable)],
        ]);
        return { id: entry['id'] as number, value: entry['value'] as ProfileDataEntry['value'] };
      });
    },
  };
}
