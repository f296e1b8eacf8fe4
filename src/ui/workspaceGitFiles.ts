import * as vscode from 'vscode';
import { GIT_FILE_TIMEOUT_MS, MAX_GIT_FILE_BYTES, type GitFileReader } from '../app/gitConfigFiles';

/**
 * Reads a repository's git files through `vscode.workspace.fs`, for folders the host has no disk for: a browser's
 * worker reading a remote machine's folder, a virtual workspace. Paths are URIs as strings. Only what the file system
 * calls a directory or a file counts (a FIFO is `Unknown`); a file is read only when its size is within the bound,
 * and each call has a time bound. Past either, the file is as if it were not there.
 */
export function workspaceGitFiles(bounds: { maxBytes?: number; timeoutMs?: number } = {}): GitFileReader {
  const maxBytes = bounds.maxBytes ?? MAX_GIT_FILE_BYTES;
  const timeoutMs = bounds.timeoutMs ?? GIT_FILE_TIMEOUT_MS;
  const stat = (path: string) => inTime(vscode.workspace.fs.stat(vscode.Uri.parse(path)), timeoutMs);
  return {
    async kind(path) {
      try {
        const { type } = await stat(path);
        return type & vscode.FileType.Directory ? 'directory' : type & vscode.FileType.File ? 'file' : undefined;
      } catch {
        return undefined;
      }
    },
    async text(path) {
      try {
        const { type, size } = await stat(path);
        if (!(type & vscode.FileType.File) || size > maxBytes) return undefined;
        const bytes = await inTime(vscode.workspace.fs.readFile(vscode.Uri.parse(path)), timeoutMs);
        return bytes.byteLength > maxBytes ? undefined : new TextDecoder().decode(bytes);
      } catch {
        return undefined;
      }
    },
    join: (path, name) => vscode.Uri.joinPath(vscode.Uri.parse(path), name).toString(),
    resolve: (base, target) => {
      const uri = vscode.Uri.parse(base);
      const posix = target.replace(/\\/g, '/');
      // An absolute `gitdir:` names a path on the same machine (a Windows one starts with its drive letter).
      if (posix.startsWith('/')) return uri.with({ path: posix }).toString();
      if (/^[A-Za-z]:\//.test(posix)) return uri.with({ path: `/${posix}` }).toString();
      return vscode.Uri.joinPath(uri, posix).toString();
    },
  };
}

function inTime<T>(work: Thenable<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    work.then((value) => { clearTimeout(timer); resolve(value); }, (error: unknown) => { clearTimeout(timer); reject(error); });
  });
}
