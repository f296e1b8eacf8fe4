import { spawn } from 'node:child_process';

/** Children print their answer as one line starting with this marker; anything else they print is kept for errors. */
export const RESULT_MARKER = '@@bench-result ';

export function reportResult(value: unknown): void {
  process.stdout.write(`${RESULT_MARKER}${JSON.stringify(value)}\n`);
}

export interface ChildOptions {
  /** Node flags before the script, e.g. ['--expose-gc', '--import', 'tsx']. */
  nodeArgs?: string[];
  args?: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
  /** Show the child's stderr (its progress lines) as it comes. */
  forwardStderr?: boolean;
}

/** Runs `node [nodeArgs] script [args]` in a fresh process and returns the JSON it reported. */
export function runNodeChild<T>(script: string, options: ChildOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...(options.args ?? [])], {
      cwd: options.cwd ?? process.cwd(),
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => { stdout += text; });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (options.forwardStderr) process.stdout.write(text);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', (error) => { clearTimeout(timer); reject(error); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_MARKER));
      if (code === 0 && line) {
        resolve(JSON.parse(line.slice(RESULT_MARKER.length)) as T);
        return;
      }
      const tail = (stderr || stdout).trim().split('\n').slice(-15).join('\n');
      // Node ends with code 0 when nothing is left to run, also while a promise waits for what will never come.
      const why = code === 0 && !line ? ' without a result (its event loop emptied: a wait that nothing was left to end)' : '';
      reject(new Error(`${script} ${options.args?.join(' ') ?? ''} ended with ${signal ?? `code ${code}`}${why}:\n${tail}`));
    });
  });
}
