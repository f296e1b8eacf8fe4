import type { Dispatcher } from 'undici';
import type { HttpAnswer, HttpExchange, HttpRequest } from '../gitlab/exchange';
import { undici } from './undiciModule';

/**
 * The exchange of the Node extension host: undici over one connection pool (`createDispatcher`: the user's proxy and
 * CA, keep-alive, a bound on connections per origin). Closing it closes the pool.
 */
export class UndiciExchange implements HttpExchange {
  constructor(private readonly dispatcher: Dispatcher) {}

  async send(request: HttpRequest): Promise<HttpAnswer> {
    const response = await undici().request(request.url, {
      method: request.method,
      dispatcher: this.dispatcher,
      signal: request.signal,
      body: request.body,
      headers: request.headers,
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: freedAfter(response.body),
      cancel: () => response.body.destroy(),
    };
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

/**
 * The body, and one turn of the event loop once it has ended: undici frees the socket a tick after the body ends, and
 * without the wait the next sequential request (paging) would find it busy and open a second connection.
 */
async function* freedAfter(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  yield* body;
  await new Promise((resolve) => setImmediate(resolve));
}
