/** A git config far larger than any real one (a few kB; a thousand remotes are some 100 kB). */
export const MAX_GIT_FILE_BYTES = 1024 * 1024;
/** Local disks answer in milliseconds; a slow mount or a remote file system gets a few seconds, then the folder has no project. */
export const GIT_FILE_TIMEOUT_MS = 5_000;

/**
 * What finding a folder's git config needs from the disk. A repository is untrusted input: an unpacked archive may
 * hold a `.git` that is a FIFO, a socket or a device, or a config of any size. The reader answers for regular files
 * and directories only, within a size and a time bound; anything else is as if it were not there.
 */
export interface GitFileReader {
  /** 'directory' or 'file' (a regular one); undefined for anything else, or nothing, or no answer in time. */
  kind(path: string): Promise<'file' | 'directory' | undefined>;
  /** A regular file's text; undefined when it is not one, is larger than the bound, or is not read in time. */
  text(path: string): Promise<string | undefined>;
  /** `name` inside the folder `path`, in the reader's own form of paths (a file path, a URI). */
  join(path: string, name: string): string;
  /** `target` (as a `gitdir:` line or `commondir` gives it: absolute, or relative to `base`) in the reader's form. */
  resolve(base: string, target: string): string;
}

/**
 * The git config of the repository at `folder`: `.git/config`, or, where `.git` is a file (worktrees, submodules),
 * the config its `gitdir:` names (a worktree's gitdir holds a `commondir` pointing at the main repository's `.git`).
 * Undefined when there is none the reader will read.
 */
export async function readGitConfig(folder: string, files: GitFileReader): Promise<string | undefined> {
  const dotGit = files.join(folder, '.git');
  const kind = await files.kind(dotGit);
  if (kind === 'directory') return files.text(files.join(dotGit, 'config'));
  if (kind !== 'file') return undefined;
  const pointer = /^gitdir:\s*(.+)$/m.exec((await files.text(dotGit)) ?? '');
  if (!pointer) return undefined;
  const gitDir = files.resolve(folder, pointer[1].trim());
  const common = (await files.text(files.join(gitDir, 'commondir')))?.trim();
  return files.text(files.join(common ? files.resolve(gitDir, common) : gitDir, 'config'));
}
