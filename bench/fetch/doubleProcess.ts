import { subscribe } from 'node:diagnostics_channel';
import { GitLabDouble, type DoubleOptions } from '../../test/double';
import type { DoubleCommand, DoubleReply } from './doubleProtocol';

/**
 * The GitLab double in a process of its own, as a real server would be: its CPU work and garbage stay out of the
 * measured client's process. Counts the TCP connections it accepts (Node's `net.server.socket` diagnostics channel,
 * so the double needs no hook) and answers the parent over IPC.
 */
let connections = 0;
subscribe('net.server.socket', () => { connections++; });

let double: GitLabDouble | undefined;

function reply(message: DoubleReply): void {
  process.send!(message);
}

process.on('message', (command: DoubleCommand) => {
  void handle(command).catch((error: unknown) => reply({ type: 'error', message: error instanceof Error ? error.stack ?? error.message : String(error) }));
});

async function handle(command: DoubleCommand): Promise<void> {
  switch (command.type) {
    case 'start':
      double = await GitLabDouble.start(command.options as DoubleOptions);
      reply({ type: 'started', url: double.url });
      return;
    case 'mark':
      double?.clearLog();
      connections = 0;
      reply({ type: 'marked' });
      return;
    case 'stats':
      reply({
        type: 'stats', connections,
        requests: (double?.requests ?? []).map((r) => ({ method: r.method, path: r.path, query: r.query, status: r.status })),
      });
      return;
    case 'close':
      await double?.close();
      reply({ type: 'closed' });
      process.disconnect();
      return;
  }
}
