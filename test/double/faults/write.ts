import type { ServerResponse } from 'node:http';
import { COMMON_HEADERS, type ApiResponse } from '../http/response';
import { drained } from '../http/send';

/** Faults that damage the transport or the body rather than replace the answer. */

function bodyBuffer(response: ApiResponse): Buffer {
  return typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body;
}

/** Headers announce the full body; half of it arrives; then the connection drops. */
export function writeReset(res: ServerResponse, response: ApiResponse): Promise<void> {
  const body = bodyBuffer(response);
  res.writeHead(response.status, { ...COMMON_HEADERS, ...response.headers, 'Content-Length': String(Math.max(body.length, 2)) });
  res.write(body.subarray(0, Math.floor(body.length / 2)));
  return new Promise((resolve) => {
    // Let the partial body leave before the socket goes.
    setImmediate(() => {
      res.socket?.destroy();
      resolve();
    });
  });
}

/** A complete HTTP response whose JSON body stops in the middle (Content-Length matches what is sent). */
export function writeTruncated(res: ServerResponse, response: ApiResponse): void {
  const body = bodyBuffer(response);
  const cut = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
  res.writeHead(response.status, { ...COMMON_HEADERS, ...response.headers, 'Content-Length': String(cut.length) });
  res.end(cut);
}

const ELEMENT = Buffer.from(`"${'x'.repeat(1021)}",`);
const BATCH = Buffer.concat(Array.from({ length: 64 }, () => ELEMENT));

/**
 * A valid JSON array of exactly `bytes` bytes (at least 2), streamed with chunked encoding so no Content-Length warns
 * the client: `[` + 1 KiB string elements + `0` + space padding + `]`.
 */
export async function writeHuge(res: ServerResponse, bytes: number): Promise<void> {
  res.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': 'application/json' });
  if (bytes < 3) {
    res.end('[]');
    return;
  }
  const elements = Math.floor((bytes - 3) / ELEMENT.length);
  const padding = bytes - 3 - elements * ELEMENT.length;
  res.write('[');
  let left = elements;
  while (left > 0 && !res.destroyed) {
    const count = Math.min(left, 64);
    const ok = res.write(count === 64 ? BATCH : BATCH.subarray(0, count * ELEMENT.length));
    left -= count;
    if (!ok) await drained(res);
  }
  if (!res.destroyed) res.end(`0${' '.repeat(padding)}]`);
}
