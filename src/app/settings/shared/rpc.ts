/**
 * Request/reply over `postMessage`: each request carries an id and gets one promise; the other side answers with
 * the same id, a result or an error. Replies to no pending request (an earlier page's) are ignored.
 */
export type RequestMap = { [method: string]: { params: unknown; result: unknown } };

export interface RequestMessage<R extends RequestMap = RequestMap, M extends keyof R & string = keyof R & string> {
  type: 'request';
  id: number;
  method: M;
  params: R[M]['params'];
}

export type ReplyMessage = { type: 'reply'; id: number; result: unknown } | { type: 'reply'; id: number; error: unknown };

export class Requester<R extends RequestMap> {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();

  /** `nextId`: a random start keeps a reload's new page from matching answers meant for the old one. */
  constructor(private readonly post: (message: RequestMessage<R>) => void, private nextId = 1) {}

  request<M extends keyof R & string>(method: M, params: R[M]['params']): Promise<R[M]['result']> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.post({ type: 'request', id, method, params });
    });
  }

  /** Settles the request a reply answers; false when none is pending under its id. */
  settle(reply: ReplyMessage): boolean {
    const pending = this.pending.get(reply.id);
    if (!pending) return false;
    this.pending.delete(reply.id);
    if ('error' in reply) pending.reject(reply.error);
    else pending.resolve(reply.result);
    return true;
  }
}

/** The answering side: runs the request and posts its result, or its error as `describe` puts it, under its id. */
export async function answer(
  id: number, run: () => Promise<unknown>, post: (reply: ReplyMessage) => void, describe: (error: unknown) => unknown,
): Promise<void> {
  let reply: ReplyMessage;
  try {
    reply = { type: 'reply', id, result: (await run()) ?? null };
  } catch (error) {
    reply = { type: 'reply', id, error: describe(error) };
  }
  post(reply);
}
