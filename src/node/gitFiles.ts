import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GIT_FILE_TIMEOUT_MS, MAX_GIT_FILE_BYTES, type GitFileReader } from '../app/gitConfigFiles';

export interface GitFileBounds {
  maxBytes?: number;
  timeoutMs?: number;
}

/**
 * Reads a repository's git files from the local disk (folders of `file:` URIs in the Node host), bounded: a path is looked at (`stat`) before it is opened, and only a
 * directory or a regular file counts. Opening a FIFO would block a thread of libuv's pool until someone writes to
 * it, for ever in an unpacked archive; so even a regular file is opened non-blocking and checked again once open (it
 * may have been swapped). Each read has a time bound (an AbortSignal timeout) and a size bound; past either, the
 * file is as if it were not there.
 */
export function boundedGitFiles(bounds: GitFileBounds = {}): GitFileReader {
  const maxBytes = bounds.maxBytes ?? MAX_GIT_FILE_BYTES;
  const timeoutMs = bounds.timeoutMs ?? GIT_FILE_TIMEOUT_MS;
  return {
    join,
    resolve,
    async kind(path) {
      try {
        const info = await inTime(stat(path), AbortSignal.timeout(timeoutMs));
        return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : undefined;
      } catch {
        return undefined;
      }
    },
    async text(path) {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const info = await inTime(stat(path), signal);
        if (!info.isFile() || info.size > maxBytes) return undefined;
        // O_NONBLOCK: were it a FIFO by now, opening it returns at once instead of waiting for a writer.
        const handle = await inTime(open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)), signal, (late) => void late.close().catch(() => undefined));
        try {
          if (!(await inTime(handle.stat(), signal)).isFile()) return undefined;
          const chunks: Buffer[] = [];
          let length = 0;
          for (;;) {
            // One byte more than the bound is asked for: a file that has it is too large (its size may not say so).
            const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - length));
            const { bytesRead } = await inTime(handle.read(chunk, 0, chunk.length, null), signal);
            if (bytesRead === 0) break;
            length += bytesRead;
            if (length > maxBytes) return undefined;
            chunks.push(chunk.subarray(0, bytesRead));
          }
          return Buffer.concat(chunks).toString('utf8');
        } finally {
          // Not awaited: closing waits for a read still under way, and a read past its time must not hold the lookup.
          void handle.close().catch(() => undefined);
        }
      } catch {
        return undefined;
      }
    },
  };
}

/** `work`, or a rejection once `signal` aborts; what arrives late is handed to `late` (to close a file opened late). */
function inTime<T>(work: Promise<T>, signal: AbortSignal, late?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.then((value) => late?.(value), () => undefined);
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => { signal.removeEventListener('abort', onAbort); resolve(value); },
      (error: unknown) => { signal.removeEventListener('abort', onAbort); reject(error); },
    );
  });
}
