import type { IncomingMessage } from 'node:http';

// The whole body of a request, or null past `limit` bytes (what is left is drained, unread).
export function readRequestBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return void chunks.push(chunk);
      request.off('data', onData);
      request.resume();
      resolve(null);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}
