import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { invalid, type JsonShape } from '../core/http/param-types.js';

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
    return { operator: element[0], operand: checkOperand(element[0], element[1]), negated: false };
  }
  if (typeof element !== 'object' || element === null) throw invalid(`${varName} is not a dict`);
  const { operator, operand, negated } = element as Record<string, unknown>;
  if (typeof operator !== 'string') throw invalid(`${varName}["operator"] is not a string`);
  if (operand === undefined) throw invalid(`${varName}["operand"] is missing`);
  if (negated !== undefined && typeof negated !== 'boolean')
    throw invalid(`${varName}["negated"] is not a boolean`);
  return { operator, operand: checkOperand(operator, operand), negated: negated ?? false };
}

// Zulip's NarrowParameter.validate_terms: operators that take ids take a string or an integer
// (dm a string or a list of integers), search a non-blank string, the rest a string.
const ID_OPERATORS = new Set(['channel', 'stream', 'id', 'sender', 'group-pm-with', 'dm-including', 'with']);
const IDS_OPERATORS = new Set(['pm-with', 'dm']);

function checkOperand(operator: string, operand: unknown): unknown {
  if (ID_OPERATORS.has(operator)) {
    if (typeof operand === 'string' || Number.isInteger(operand)) return operand;
    throw invalid('operand is not a string or integer');
  }
  if (IDS_OPERATORS.has(operator)) {
    if (typeof operand === 'string') return operand;
    if (!Array.isArray(operand)) throw invalid('operand is not a string or an integer list');
    operand.forEach((item, index) => {
      if (!Number.isInteger(item)) throw invalid(`operand[${index}] is not an integer`);
    });
    return operand;
  }
  if (typeof operand !== 'string') throw invalid('operand is not a string');
  if (operator === 'search' && operand.trim() === '') throw invalid('operand cannot be blank.');
  return operand;
}

// Zulip's BadNarrowOperatorError, whose data field `desc` rides along.
export function badNarrow(description: string): ChatError {
  return new ChatError(ChatErrorCode.BAD_NARROW, `Invalid narrow operator: ${description}`, {
    desc: description,
  });
}

// The operator names Zulip still accepts for the current ones (NarrowBuilder.by_method_map,
// underscores included; there is no `subject`).
export function canonicalOperator(operator: string): string {
  switch (operator) {
    case 'stream':
      return 'channel';
    case 'streams':
      return 'channels';
    case 'pm-with':
    case 'pm_with':
      return 'dm';
    case 'group-pm-with':
    case 'group_pm_with':
      return 'dm-including';
    default:
      return operator;
  }
}
