import { invalid, type JsonShape, shape } from '../core/http/param-types.js';
import type { NarrowTerm } from './narrow-predicate.js';

// Zulip's ClientCapabilities, in its declaration order: each one a boolean when given. Zulip
// types notification_settings_null as required but answers a 500 when it is absent; here an
// absent capability is simply false.
const CAPABILITIES = [
  'notification_settings_null',
  'bulk_message_deletion',
  'user_avatar_url_field_optional',
  'stream_typing_notifications',
  'user_settings_object',
  'linkifier_url_template',
  'user_list_incomplete',
  'include_deactivated_groups',
  'archived_channels',
  'empty_topic_name',
  'simplified_presence_events',
] as const;

export type ClientCapabilities = Partial<Record<(typeof CAPABILITIES)[number], boolean>>;

export const clientCapabilities: JsonShape<ClientCapabilities> = {
  check(value, varName) {
    const given = shape.dict().check(value, varName);
    const capabilities: ClientCapabilities = {};
    for (const name of CAPABILITIES)
      if (name in given) capabilities[name] = shape.bool().check(given[name], `${varName}["${name}"]`);
    return capabilities;
  },
};

// A narrow of `[operator, operand]` pairs (Zulip's NarrowT: lists of exactly two strings).
export const narrowTerms: JsonShape<NarrowTerm[]> = {
  check(value, varName) {
    return shape
      .list(shape.list(shape.string()))
      .check(value, varName)
      .map((term, index) => {
        if (term.length !== 2) throw invalid(`${varName}[${index}] is not length 2`);
        return [term[0]!, term[1]!] as const;
      });
  },
};
