import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { HttpConfig } from '@platform/http';
import { ChatApiConfig } from '../chat-api.config.js';
import { readRequestParams } from './chat-body.reader.js';
import { CHAT_API_PREFIX } from './chat-route.js';
import type { ChatRequest } from './chat-request.js';
import { ChatRouteTable } from './chat-route-table.js';

export const NOT_FOUND_BODY = { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' } as const;

// Ahead of the platform's body parsers, for /api/v1 only: unknown path → 404, wrong method →
// Zulip's 405, else the request's parameters are read (query + urlencoded or multipart body)
// for the endpoint's declarations.
export function chatFrontDoor(app: INestApplication) {
  let resolved: { table: ChatRouteTable; maxBodyBytes: number; maxFileBodyBytes: number } | undefined;
  return (request: ChatRequest, response: Response, next: NextFunction): void => {
    if (!request.path.startsWith(`${CHAT_API_PREFIX}/`)) return next();
    // Resolved on first use: the route table is filled once the application has initialised.
    resolved ??= bodyLimits(app);
    const { table, maxBodyBytes, maxFileBodyBytes } = resolved;
    const resolution = table.resolve(request.method, request.path.slice(CHAT_API_PREFIX.length));
    if (resolution.kind === 'unknown-path') {
      request.resume();
      response.status(404).json(NOT_FOUND_BODY);
      return;
    }
    if (resolution.kind === 'wrong-method') {
      request.resume();
      response
        .status(405)
        .json({ result: 'error', msg: 'Method Not Allowed', allowed_methods: resolution.allowed });
      return;
    }
    readRequestParams(request, resolution.takesFile ? maxFileBodyBytes : maxBodyBytes).then((params) => {
      request.chatParams = params;
      next();
    }, next);
  };
}

// Room for the multipart framing and the other fields around an uploaded file, so that a file
// of exactly the largest size allowed still fits its request.
const MULTIPART_ALLOWANCE_BYTES = 64 * 1024;

function bodyLimits(app: INestApplication) {
  const maxBodyBytes = app.get(HttpConfig).MAX_BODY_BYTES;
  const largestFile = app.get(ChatApiConfig).CHAT_MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024;
  return {
    table: app.get(ChatRouteTable),
    maxBodyBytes,
    maxFileBodyBytes: Math.max(maxBodyBytes, largestFile + MULTIPART_ALLOWANCE_BYTES),
  };
}
