import type { AnswerHeaders, HttpAnswer, HttpExchange, HttpRequest } from './exchange';
import { GitLabError } from './errors';

/**
 * The exchange of a browser (a web worker extension host): the platform's `fetch`, which knows no proxy or CA
 * settings (the browser decides those). A redirect is never followed (`redirect: 'manual'`: a browser hides where it
 * goes), no cookie or other credential of the page is sent (`credentials: 'omit'`: the token header alone), and the
 * body is read as a stream so the transport's byte bounds apply as it arrives.
 */
export class FetchExchange implements HttpExchange {
  constructor(private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init)) {}

  async send(request: HttpRequest): Promise<HttpAnswer> {
    let response: Response;
    try {
      response = await this.fetchImpl(request.url.href, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
        redirect: 'manual',
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      });
    } catch (cause) {
      if (request.signal.aborted) throw cause;
      // A browser tells the page nothing more: a CORS refusal, a name that does not resolve, a refused connection and
      // an untrusted certificate are the same TypeError. Both likely causes are named, with the instance.
      throw new GitLabError('network',
        `Could not reach ${request.url.host} from this browser: the instance cannot be reached, or it does not allow requests from this page (CORS).`,
        { request: `${request.method} ${request.url.pathname}`, cause });
    }
    const reader = response.body?.getReader();
    return {
      status: response.status,
      headers: headersOf(response.headers),
      hiddenRedirect: response.type === 'opaqueredirect',
      body: reader ? chunks(reader) : empty(),
      cancel: () => void reader?.cancel().catch(() => undefined),
    };
  }

  async close(): Promise<void> {}
}

function headersOf(headers: Headers): AnswerHeaders {
  const record: AnswerHeaders = {};
  headers.forEach((value, name) => { record[name.toLowerCase()] = value; });
  return record;
}

async function* chunks(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncIterable<Uint8Array> {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    if (value) yield value;
  }
}

async function* empty(): AsyncIterable<Uint8Array> {}
