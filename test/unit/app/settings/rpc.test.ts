import { strict as assert } from 'node:assert';
import { answer, Requester, type ReplyMessage, type RequestMessage } from '../../../../src/app/settings/shared/rpc';

type Methods = { double: { params: { n: number }; result: number } };

/** Two ends joined as postMessage joins them: each message arrives as plain JSON. */
function pair(describe: (error: unknown) => unknown = (error) => ({ message: (error as Error).message })) {
  const sent: Array<RequestMessage<Methods>> = [];
  const requester = new Requester<Methods>((message) => sent.push(JSON.parse(JSON.stringify(message)) as RequestMessage<Methods>), 41);
  const serve = async (run: (params: { n: number }) => Promise<number>): Promise<ReplyMessage> => {
    const request = sent.shift()!;
    let reply: ReplyMessage | undefined;
    await answer(request.id, () => run(request.params), (message) => { reply = JSON.parse(JSON.stringify(message)) as ReplyMessage; }, describe);
    return reply!;
  };
  return { sent, requester, serve };
}

describe('settings request/reply', () => {
  it('answers each request by its id with its result', async () => {
    const { sent, requester, serve } = pair();
    const first = requester.request('double', { n: 2 });
    const second = requester.request('double', { n: 5 });
    assert.deepEqual(sent.map((message) => [message.type, message.id, message.method]), [['request', 41, 'double'], ['request', 42, 'double']]);
    const replyOne = await serve(async ({ n }) => n * 2);
    const replyTwo = await serve(async ({ n }) => n * 2);
    assert.equal(requester.settle(replyTwo), true);
    assert.equal(requester.settle(replyOne), true);
    assert.deepEqual(await Promise.all([first, second]), [4, 10]);
  });

  it('rejects with the error the answering side described', async () => {
    const { requester, serve } = pair((error) => ({ kind: 'validation', message: (error as Error).message }));
    const asked = requester.request('double', { n: 1 });
    requester.settle(await serve(async () => { throw new Error('no doubling today'); }));
    await assert.rejects(asked, (error: unknown) => {
      assert.deepEqual(error, { kind: 'validation', message: 'no doubling today' });
      return true;
    });
  });

  it('ignores a reply to no pending request: an unknown id, or one already answered', async () => {
    const { requester, serve } = pair();
    const asked = requester.request('double', { n: 3 });
    const reply = await serve(async ({ n }) => n * 2);
    assert.equal(requester.settle({ type: 'reply', id: 7, result: 99 }), false);
    assert.equal(requester.settle(reply), true);
    assert.equal(requester.settle({ ...reply, result: 0 } as ReplyMessage), false, 'a second reply changes nothing');
    assert.equal(await asked, 6);
  });
});
