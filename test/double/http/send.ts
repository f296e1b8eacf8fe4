import type { ServerResponse } from 'node:http';
import { COMMON_HEADERS, type ApiResponse } from './response';

/** Writes a complete response with the common headers; HEAD gets the headers only. */
export function send(res: ServerResponse, response: ApiResponse, head = false): void {
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body;
  res.writeHead(response.status, { ...COMMON_HEADERS, ...response.headers, 'Content-Length': String(body.length) });
  res.end(head ? undefined : body);
}

/** Resolves when the response can take more data, or is gone. */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
