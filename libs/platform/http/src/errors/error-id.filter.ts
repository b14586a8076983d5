import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { isDatabaseUnavailable, isRefusedValue } from '@platform/database';
import type { Logger } from '@platform/logging';
import type { ErrorPresenter, PresentedError } from './error-presenter.js';
import { methodNotAllowed, type RouteMethods } from './method-not-allowed.js';

// Long enough for a database failover or restart to finish, short enough that clients come back
// soon after it has.
const DATABASE_RETRY_AFTER_S = 5;

// The last line of defence: known errors are rendered by the surface's presenter; anything else
// is a 500 with an error id that is logged with the stack. Driver or provider text never
// reaches a client.
@Catch()
export class ErrorIdFilter implements ExceptionFilter {
  constructor(
    private readonly presenter: ErrorPresenter,
    private readonly logger: Logger,
    private readonly routeMethods?: RouteMethods,
  ) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    if (response.headersSent) return;
    const request = http.getRequest<Request>();
    const wrongMethod =
      this.routeMethods && methodNotAllowed(error, request.method, request.path, this.routeMethods);
    if (wrongMethod) response.setHeader('Allow', wrongMethod.allow);
    const presented = presentError(this.presenter, this.logger, wrongMethod ? wrongMethod.error : error);
    for (const [name, value] of Object.entries(presented.headers ?? {})) response.setHeader(name, value);
    response.status(presented.status).json(presented.body);
  }
}

// The filter's rendering, for front doors that answer outside Nest: the same answer for the same
// error whichever layer caught it.
export function presentError(presenter: ErrorPresenter, logger: Logger, error: unknown): PresentedError {
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error }, 'database unavailable; answered 503');
    return presenter.presentUnavailable(DATABASE_RETRY_AFTER_S);
  }
  const known = presenter.present(error);
  const errorId = randomUUID();
  if (!known || known.status >= 500)
    logger.error({ err: error, errorId }, known ? 'request failed' : 'unhandled error');
  return known ?? presenter.presentUnexpected(errorId, !isRefusedValue(error));
}
