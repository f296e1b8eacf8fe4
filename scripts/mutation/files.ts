import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Edit } from './model';

/**
 * The source edited for a break and put back after it, also on an error, Ctrl-C or SIGTERM: a copy of each original
 * waits in the system's temporary directory until then, and a later run puts back any copy a killed run left.
 */
export class SourceEdits {
  private readonly backupDir: string;
  private readonly originals = new Map<string, string>();

  constructor(private readonly root: string) {
    this.backupDir = join(tmpdir(), 'gitlab-activity-mutation-check', Buffer.from(root).toString('hex').slice(-32));
  }

  /** Applies every edit, or none: returns why not when a text is gone or no longer unique. */
  apply(edits: readonly Edit[]): string | undefined {
    const texts = new Map<string, string>();
    for (const { file, from, to } of edits) {
      const text = texts.get(file) ?? readFileSync(join(this.root, file), 'utf8');
      const count = text.split(from).length - 1;
      if (count !== 1) return `${file}: the text to replace occurs ${count} times`;
      texts.set(file, text.replace(from, () => to));
    }
    mkdirSync(this.backupDir, { recursive: true });
    for (const [file, text] of texts) {
      const original = readFileSync(join(this.root, file), 'utf8');
      writeFileSync(join(this.backupDir, encodeURIComponent(file)), original);
      this.originals.set(file, original);
      writeFileSync(join(this.root, file), text);
    }
    return undefined;
  }

  putBack(): void {
    for (const [file, text] of this.originals) {
      writeFileSync(join(this.root, file), text);
      rmSync(join(this.backupDir, encodeURIComponent(file)), { force: true });
    }
    this.originals.clear();
  }

  /** Puts back what a run that was stopped left edited. */
  restoreLeftovers(): void {
    if (!existsSync(this.backupDir)) return;
    for (const name of readdirSync(this.backupDir)) {
      const file = decodeURIComponent(name);
      writeFileSync(join(this.root, file), readFileSync(join(this.backupDir, name)));
      rmSync(join(this.backupDir, name));
      console.log(`Put back ${file}, left edited by a run that was stopped.`);
    }
  }
}
