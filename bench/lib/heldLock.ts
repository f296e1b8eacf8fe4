import { readFileSync, statSync } from 'node:fs';

/**
 * Whether a process this one descends from holds `file`'s flock(2) lock: the case of `flock /tmp/workbench.lock npm
 * run bench`, where the bench's own `flock` of the same file would wait for its ancestor forever (a second open file
 * description conflicts, and npm does not pass the descriptor down). Read from /proc/locks (holders, not waiters) and
 * each ancestor's /proc/<pid>/stat; false where /proc is not there.
 */
export function lockHeldByAncestor(file: string): boolean {
  try {
    const inode = statSync(file).ino;
    const holders = new Set(readFileSync('/proc/locks', 'utf8').split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1] === 'FLOCK' && fields[5]?.endsWith(`:${inode}`))
      .map((fields) => Number(fields[4])));
    for (let pid = process.ppid; pid > 1;) {
      if (holders.has(pid)) return true;
      pid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]);
    }
    return false;
  } catch {
    return false;
  }
}
