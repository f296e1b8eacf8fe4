import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { DoubleCommand, DoubleReply, RequestSummary } from './doubleProtocol';

export interface DoubleStats {
  /** TCP connections accepted since the last `mark()`. */
  connections: number;
  requests: RequestSummary[];
}

/** The parent's handle on the double running in its own process (see doubleProcess.ts). */
export class RemoteDouble {
  private constructor(private readonly child: ChildProcess, readonly url: string) {}

  /** `script` is doubleProcess.ts; a bundled caller, whose __dirname is elsewhere, passes its path. */
  static async start(options: Record<string, unknown>, script = join(__dirname, 'doubleProcess.ts')): Promise<RemoteDouble> {
    const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const started = await ask(child, { type: 'start', options });
    if (started.type !== 'started') throw new Error('The double did not start.');
    return new RemoteDouble(child, started.url);
  }

  /** Clears the request log and the connection count. */
  async mark(): Promise<void> {
    await ask(this.child, { type: 'mark' });
  }

  async stats(): Promise<DoubleStats> {
    const answer = await ask(this.child, { type: 'stats' });
    if (answer.type !== 'stats') throw new Error('Unexpected answer from the double.');
    return { connections: answer.connections, requests: answer.requests };
  }

  async close(): Promise<void> {
    if (!this.child.connected) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    await ask(this.child, { type: 'close' });
    await exited;
  }
}

function ask(child: ChildProcess, command: DoubleCommand): Promise<DoubleReply> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: DoubleReply) => {
      child.off('exit', onExit);
      if (message.type === 'error') reject(new Error(`The double failed: ${message.message}`));
      else resolve(message);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`The double's process ended (code ${code}).`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
    child.send(command);
  });
}
