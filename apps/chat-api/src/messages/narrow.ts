import { ChatError, ChatErrorCode } from '../request/chat.error.js';
import { invalid, type JsonShape } from '../request/param-types.js';

export interface NarrowTerm {
  readonly operator: string;
  readonly operand: unknown;
  readonly negated: boolean;
}

// The `narrow` parameter: a list of `{operator, operand, negated}` objects, or the legacy
// `[operator, operand]` pairs.
export const narrowShape: JsonShape<NarrowTerm[]> = {
  check(value, varName) {
    if (!Array.isArray(value)) throw invalid(`${varName} is not a list`);
    return value.map((element, index) => term(element, `${varName}[${index}]`));
  },
};

function term(element: unknown, varName: string): NarrowTerm {
  if (Array.isArray(element)) {
    if (element.length !== 2 || typeof element[0] !== 'string')
      throw invalid(`${varName} is not a valid narrow`);
    return { operator: element[0], operand: element[1], negated: false };
  }
  if (typeof element !== 'object' || element === null) throw invalid(`${varName} is not a dict`);
  const { operator, operand, negated } = element as Record<string, unknown>;
  if (typeof operator !== 'string') throw invalid(`${varName}["operator"] is not a string`);
  if (operand === undefined) throw invalid(`${varName}["operand"] is missing`);
  if (negated !== undefined && typeof negated !== 'boolean')
    throw invalid(`${varName}["negated"] is not a boolean`);
  return { operator, operand, negated: negated ?? false };
}

// Zulip's BadNarrowOperatorError.
export function badNarrow(description: string): ChatError {
  return new ChatError(ChatErrorCode.BAD_NARROW, `Invalid narrow operator: ${description}`);
}

// The operator names Zulip still accepts for the current ones.
export function canonicalOperator(operator: string): string {
  switch (operator) {
    case 'stream':
      return 'channel';
    case 'subject':
      return 'topic';
    case 'pm-with':
      return 'dm';
    case 'group-pm-with':
      return 'dm-including';
    default:
      return operator;
  }
}
