import type { IncomingMessage } from 'node:http';
import type { DirectBodyReader } from '@platform/http';
import { fileDeclaresType } from './multipart-declared-types.js';
import { ChatError } from './chat.error.js';
import type { ChatRequest } from './chat-request.js';
import { type RequestFile, RequestParams } from './request-params.js';

export class BodyTooLargeError extends Error {}

// Reads a chat request's parameters: the query string plus an urlencoded or multipart body
// (zulip-js sends multipart). Other bodies (JSON included, valid or not) carry no parameters, as
// in Zulip, whose API views read only form fields: they are read to their end and dropped, so
// that no later body parser reads (and refuses) them outside Zulip's envelope.
// Brackets mean nothing: `to[0]=1` is a parameter named `to[0]`, not an array.
export async function readRequestParams(request: IncomingMessage, maxBytes: number): Promise<RequestParams> {
  const url = request.url ?? '/';
  const queryStart = url.indexOf('?');
  const query = queryStart < 0 ? [] : [...new URLSearchParams(url.slice(queryStart + 1))];
  const contentType = request.headers['content-type'] ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    const text = (await readBody(request, maxBytes)).toString('utf8');
    return RequestParams.fromEntries(new URLSearchParams(text), query);
  }
  if (/^multipart\/form-data\b/i.test(contentType)) {
    const body = await readBody(request, maxBytes);
    const { fields, files } = await multipartParts(body, contentType);
    return RequestParams.fromEntries(fields, query, files);
  }
  await readBody(request, maxBytes, false);
  return RequestParams.fromEntries([], query);
}

// The same reading for a direct endpoint, which Express's middleware does not see: any request
// (readRequestParams enforces the size limit on bodies of unknown length too).
export const chatParamsReader: DirectBodyReader = {
  takes: () => true,
  async read(request, maxBodyBytes) {
    (request as ChatRequest).chatParams = await readRequestParams(request, maxBodyBytes);
  },
};

// Node's own multipart parser (the fetch API's FormData); file parts are not parameters but
// the request's files.
async function multipartParts(
  body: Buffer,
  contentType: string,
): Promise<{ fields: Array<[string, string]>; files: RequestFile[] }> {
  // A form without fields (zulip-js calling an endpoint with no parameters) is only the closing
  // boundary, which the fetch API's parser refuses.
  if (/^\s*(--[^\r\n]*--\s*)?$/.test(body.toString('latin1'))) return { fields: [], files: [] };
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw ChatError.badRequest('Malformed multipart body');
  }
  const fields: Array<[string, string]> = [];
  const filesRead: Array<Promise<RequestFile>> = [];
  const declaresType = fileDeclaresType(body, contentType);
  form.forEach((value, name) => {
    if (typeof value === 'string') fields.push([name, value]);
    else filesRead.push(requestFile(name, value, declaresType[filesRead.length] ?? true));
  });
  return { fields, files: await Promise.all(filesRead) };
}

// A part that declared no type has none (''), not the parser's `text/plain`.
async function requestFile(field: string, file: File, declaresType: boolean): Promise<RequestFile> {
  const contentType = declaresType ? file.type : '';
  return { field, fileName: file.name, contentType, data: Buffer.from(await file.arrayBuffer()) };
}

// The whole body, or (`keep` false) nothing of it once read; above maxBytes, Zulip's 413.
function readBody(request: IncomingMessage, maxBytes: number, keep = true): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        request.removeAllListeners('data');
        request.resume();
        reject(new BodyTooLargeError());
        return;
      }
      if (keep) chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
