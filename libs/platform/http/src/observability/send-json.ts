import type { ServerResponse } from 'node:http';

// Answers with a JSON body on a plain Node response, for code that runs outside Express.
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  response.end(payload);
}
