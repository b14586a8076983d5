import { isUnstorableText } from '@platform/database';
import { DefaultErrorPresenter, type ErrorPresenter, type PresentedError, unavailable } from '@platform/http';
import { BodyTooLargeError } from './chat-body.reader.js';
import { ChatError, ChatErrorCode } from './chat.error.js';

// The chat surface's one presenter: Zulip's error envelope `{result, msg, code, ...extra}`.
// Errors of the platform's own routes (health, internal, ops) keep the platform's rendering.
export class ChatErrorPresenter implements ErrorPresenter {
  private readonly platform = new DefaultErrorPresenter();

  present(error: unknown): PresentedError | null {
    if (error instanceof ChatError) return presentChatError(error);
    if (error instanceof BodyTooLargeError) {
      return { status: 413, body: errorBody('Request body is too large', ChatErrorCode.BAD_REQUEST) };
    }
    // Zulip checks NUL characters only where it names them (message content, names, topics);
    // anywhere else a NUL reaches PostgreSQL, which refuses it. Django's words, not a 500.
    if (isUnstorableText(error)) {
      return { status: 400, body: errorBody('Null characters are not allowed.', ChatErrorCode.BAD_REQUEST) };
    }
    return this.platform.present(error);
  }

  // Zulip's 500 carries no code.
  presentUnexpected(): PresentedError {
    return { status: 500, body: { result: 'error', msg: 'Internal server error' } };
  }

  // Shaped like Zulip's 500 (no code): clients retry server errors.
  presentUnavailable(retryAfterSeconds: number): PresentedError {
    return unavailable({ result: 'error', msg: 'Service temporarily unavailable' }, retryAfterSeconds);
  }
}

export function presentChatError(error: ChatError): PresentedError {
  const body = { ...errorBody(error.reason, error.code), ...error.extra };
  const status = error.missingResource ? 404 : statusOf(error.code);
  const headers = headersOf(error);
  return headers ? { status, body, headers } : { status, body };
}

function errorBody(msg: string, code: ChatErrorCode) {
  return { result: 'error', msg, code };
}

function statusOf(code: ChatErrorCode): number {
  switch (code) {
    case ChatErrorCode.BAD_REQUEST:
    case ChatErrorCode.REQUEST_VARIABLE_MISSING:
    case ChatErrorCode.REQUEST_VARIABLE_INVALID:
    case ChatErrorCode.REQUEST_CONFUSING_VAR:
    case ChatErrorCode.BAD_NARROW:
    case ChatErrorCode.STREAM_DOES_NOT_EXIST:
    case ChatErrorCode.UNAUTHORIZED_PRINCIPAL:
    case ChatErrorCode.BAD_EVENT_QUEUE_ID:
    case ChatErrorCode.CANNOT_DEACTIVATE_LAST_USER:
    case ChatErrorCode.PUSH_SERVICE_NOT_CONFIGURED:
    case ChatErrorCode.EXPECTATION_MISMATCH:
    case ChatErrorCode.CANNOT_DEACTIVATE_GROUP_IN_USE:
    case ChatErrorCode.REACTION_ALREADY_EXISTS:
    case ChatErrorCode.REACTION_DOES_NOT_EXIST:
    case ChatErrorCode.MOVE_MESSAGES_TIME_LIMIT_EXCEEDED:
    case ChatErrorCode.REALM_UPLOAD_QUOTA:
      return 400;
    case ChatErrorCode.AUTHENTICATION_FAILED:
    case ChatErrorCode.USER_DEACTIVATED:
    case ChatErrorCode.REALM_DEACTIVATED:
    case ChatErrorCode.UNAUTHORIZED:
      return 401;
    case ChatErrorCode.RATE_LIMIT_HIT:
      return 429;
  }
}

function headersOf(error: ChatError): Record<string, string> | null {
  if (error.code === ChatErrorCode.UNAUTHORIZED) return { 'WWW-Authenticate': 'Basic realm="zulip"' };
  const retryAfter = error.extra['retry-after'];
  if (error.code === ChatErrorCode.RATE_LIMIT_HIT && typeof retryAfter === 'number')
    return { 'Retry-After': String(retryAfter) };
  return null;
}

export const chatErrorPresenter = new ChatErrorPresenter();
