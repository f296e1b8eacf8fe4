import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readGitConfig } from '../../../src/app/gitConfigFiles';
import { projectPathsOfRemotes, remoteUrls } from '../../../src/app/gitRemotes';
import { MAX_GIT_FILE_BYTES } from '../../../src/app/gitConfigFiles';
import { boundedGitFiles } from '../../../src/node/gitFiles';

const INSTANCE = 'https://gitlab.example.com';
const CONFIG = '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@gitlab.example.com:team/app.git\n';

/** The workspace-project lookup of one folder, as the Activity view and the status bar run it. */
async function projectsOf(folder: string): Promise<string[]> {
  const config = await readGitConfig(folder, boundedGitFiles());
  return config === undefined ? [] : projectPathsOfRemotes(remoteUrls(config), INSTANCE);
}

describe('reading a repository\'s git config, bounded', function () {
  // The failure of a lookup that hangs is this timeout, not a sleep: every case must answer well within it.
  this.timeout(3_000);
  let root: string;
  const fifos: string[] = [];

  const folder = (name: string): string => {
    const dir = path.join(root, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const fifo = (file: string): void => {
    execFileSync('mkfifo', [file]);
    fifos.push(file);
  };

  before(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'git-files-'));
  });
  after(() => {
    // Were a FIFO ever opened for reading (the protection gone), a writer opening it lets that open return, so
    // the test process can end.
    for (const file of fifos) {
      try {
        closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader waiting: nothing to release.
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('finds the project of a plain repository, and of a worktree through its gitdir and commondir', async () => {
    const repo = folder('plain');
    mkdirSync(path.join(repo, '.git'));
    writeFileSync(path.join(repo, '.git', 'config'), CONFIG);
    assert.deepEqual(await projectsOf(repo), ['team/app']);

    const tree = folder('worktree');
    mkdirSync(path.join(repo, '.git', 'worktrees', 'wt'), { recursive: true });
    writeFileSync(path.join(repo, '.git', 'worktrees', 'wt', 'commondir'), '../..\n');
    writeFileSync(path.join(tree, '.git'), `gitdir: ${path.join(repo, '.git', 'worktrees', 'wt')}\n`);
    assert.deepEqual(await projectsOf(tree), ['team/app']);
    const relative = folder('relative');
    writeFileSync(path.join(relative, '.git'), 'gitdir: ../plain/.git/worktrees/wt\n');
    assert.deepEqual(await projectsOf(relative), ['team/app']);
  });

  it('a .git that is a FIFO: returns at once with no project, without opening it', async () => {
    const repo = folder('fifo-dot-git');
    fifo(path.join(repo, '.git'));
    assert.deepEqual(await projectsOf(repo), []);
  });

  it('a .git/config that is a FIFO: no project', async () => {
    const repo = folder('fifo-config');
    mkdirSync(path.join(repo, '.git'));
    fifo(path.join(repo, '.git', 'config'));
    assert.deepEqual(await projectsOf(repo), []);
  });

  it('a gitdir whose commondir and config are FIFOs: no project', async () => {
    const repo = folder('fifo-worktree');
    const gitDir = path.join(repo, 'gitdir');
    mkdirSync(gitDir);
    fifo(path.join(gitDir, 'commondir'));
    fifo(path.join(gitDir, 'config'));
    writeFileSync(path.join(repo, '.git'), `gitdir: ${gitDir}\n`);
    assert.deepEqual(await projectsOf(repo), []);
  });

  it('a .git that is a symbolic link to a FIFO: no project', async () => {
    const repo = folder('link-to-fifo');
    const target = path.join(root, 'elsewhere.fifo');
    fifo(target);
    execFileSync('ln', ['-s', target, path.join(repo, '.git')]);
    assert.deepEqual(await projectsOf(repo), []);
  });

  it(`a config larger than ${MAX_GIT_FILE_BYTES / 1024} kB is not read; one just under it is`, async () => {
    const big = folder('big');
    mkdirSync(path.join(big, '.git'));
    const padding = (bytes: number) => `# ${'x'.repeat(bytes - CONFIG.length - 3)}\n`;
    writeFileSync(path.join(big, '.git', 'config'), `${CONFIG}${padding(MAX_GIT_FILE_BYTES + 1)}`);
    assert.deepEqual(await projectsOf(big), []);
    writeFileSync(path.join(big, '.git', 'config'), `${CONFIG}${padding(MAX_GIT_FILE_BYTES)}`);
    assert.deepEqual(await projectsOf(big), ['team/app']);
  });

  it('a .git that is a character device (a link to /dev/zero, endless) is not read', async () => {
    const repo = folder('device');
    execFileSync('ln', ['-s', '/dev/zero', path.join(repo, '.git')]);
    assert.deepEqual(await projectsOf(repo), []);
  });

  it('a regular file whose size says nothing of its length (/proc) is read up to the bound only', async function () {
    if (!existsSync('/proc/self/environ')) this.skip();
    assert.equal(await boundedGitFiles({ maxBytes: 16 }).text('/proc/self/environ'), undefined);
    assert.ok((await boundedGitFiles().text('/proc/self/environ'))?.length, 'read whole within the bound');
  });

  it('a disk that does not answer in time counts as no file: with libuv\'s pool tied up, the lookup still returns', async () => {
    const repo = folder('slow');
    mkdirSync(path.join(repo, '.git'));
    writeFileSync(path.join(repo, '.git', 'config'), CONFIG);
    // Each blocking open of a FIFO holds one thread of the pool until a writer comes: with all of them held, no
    // stat or read of ours can run.
    const blockers = Array.from({ length: Number(process.env.UV_THREADPOOL_SIZE) || 4 }, (_, i) => path.join(root, `block-${i}.fifo`));
    blockers.forEach(fifo);
    const held = blockers.map((file) => open(file, 'r'));
    try {
      assert.equal(await readGitConfig(repo, boundedGitFiles({ timeoutMs: 300 })), undefined);
    } finally {
      for (const file of blockers) closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
      for (const handle of await Promise.all(held)) await handle.close();
    }
    assert.deepEqual(await projectsOf(repo), ['team/app'], 'read once the pool is free');
  });
});
