import { CodedError } from '@shared/util';

// Zulip's error codes (zerver/lib/exceptions.py ErrorCode) that this server answers with.
// Clients match on these, so the names are Zulip's, byte for byte.
export enum ChatErrorCode {
  BAD_REQUEST = 'BAD_REQUEST',
  REQUEST_VARIABLE_MISSING = 'REQUEST_VARIABLE_MISSING',
  REQUEST_VARIABLE_INVALID = 'REQUEST_VARIABLE_INVALID',
  REQUEST_CONFUSING_VAR = 'REQUEST_CONFUSING_VAR',
  BAD_NARROW = 'BAD_NARROW',
  STREAM_DOES_NOT_EXIST = 'STREAM_DOES_NOT_EXIST',
  UNAUTHORIZED_PRINCIPAL = 'UNAUTHORIZED_PRINCIPAL',
  BAD_EVENT_QUEUE_ID = 'BAD_EVENT_QUEUE_ID',
  CANNOT_DEACTIVATE_LAST_USER = 'CANNOT_DEACTIVATE_LAST_USER',
  PUSH_SERVICE_NOT_CONFIGURED = 'PUSH_SERVICE_NOT_CONFIGURED',
  EXPECTATION_MISMATCH = 'EXPECTATION_MISMATCH',
  CANNOT_DEACTIVATE_GROUP_IN_USE = 'CANNOT_DEACTIVATE_GROUP_IN_USE',
  AUTHENTICATION_FAILED = 'AUTHENTICATION_FAILED',
  USER_DEACTIVATED = 'USER_DEACTIVATED',
  REALM_DEACTIVATED = 'REALM_DEACTIVATED',
  UNAUTHORIZED = 'UNAUTHORIZED',
  RATE_LIMIT_HIT = 'RATE_LIMIT_HIT',
  REACTION_ALREADY_EXISTS = 'REACTION_ALREADY_EXISTS',
  REACTION_DOES_NOT_EXIST = 'REACTION_DOES_NOT_EXIST',
  MOVE_MESSAGES_TIME_LIMIT_EXCEEDED = 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
  REALM_UPLOAD_QUOTA = 'REALM_UPLOAD_QUOTA',
}

export type ChatErrorExtra = Readonly<Record<string, unknown>>;

// A refusal in Zulip's shape: `msg` is the exact text Zulip sends, `extra` its data fields
// (`var_name`, `stream_id`, `retry-after`…). `missingResource` marks the few refusals Zulip
// answers with 404 while keeping code BAD_REQUEST (scheduled message, reminder, saved snippet).
export class ChatError extends CodedError<ChatErrorCode> {
  constructor(
    code: ChatErrorCode,
    msg: string,
    readonly extra: ChatErrorExtra = {},
    readonly missingResource = false,
  ) {
    super(code, msg);
  }

  static badRequest(msg: string, extra: ChatErrorExtra = {}): ChatError {
    return new ChatError(ChatErrorCode.BAD_REQUEST, msg, extra);
  }

  static notFound(msg: string): ChatError {
    return new ChatError(ChatErrorCode.BAD_REQUEST, msg, {}, true);
  }

  static unauthorized(msg = 'Not logged in: API authentication or user session required'): ChatError {
    return new ChatError(ChatErrorCode.UNAUTHORIZED, msg);
  }

  static administratorRequired(): ChatError {
    return new ChatError(ChatErrorCode.UNAUTHORIZED_PRINCIPAL, 'Must be an organization administrator');
  }

  static ownerRequired(): ChatError {
    return new ChatError(ChatErrorCode.UNAUTHORIZED_PRINCIPAL, 'Must be an organization owner');
  }
}
