import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** A request as the double sees it: raw and decoded path, query (last value wins, as Rack), body params. */
export interface ApiRequest {
  method: string;
  /** Pathname as received, still encoded. */
  rawPath: string;
  /** Decoded pathname (the raw one when it does not decode). */
  path: string;
  query: Record<string, string>;
  /** Form or JSON body params (values keep their JSON types). */
  body: Record<string, unknown>;
  bodyText: string;
  /** Set when a JSON body did not parse. */
  bodyError?: string;
  headers: IncomingHttpHeaders;
}

const MAX_BODY_BYTES = 1_000_000;

export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export async function readRequest(req: IncomingMessage): Promise<ApiRequest> {
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1))) query[key] = value;

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  const bodyText = Buffer.concat(chunks).toString('utf8');
  const request: ApiRequest = {
    method: (req.method ?? 'GET').toUpperCase(), rawPath, path: safeDecode(rawPath) ?? rawPath, query, body: {},
    bodyText, headers: req.headers,
  };
  parseBody(request);
  return request;
}

function parseBody(request: ApiRequest): void {
  if (request.bodyText.length === 0) return;
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(request.bodyText);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) request.body = parsed as Record<string, unknown>;
    } catch {
      request.bodyError = 'message body does not match declared format';
    }
  } else if (type.includes('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(request.bodyText)) request.body[key] = value;
  }
}

/** Grape's `params`: query string and body merged (the body wins). */
export function allParams(request: ApiRequest): Record<string, unknown> {
  return { ...request.query, ...request.body };
}
