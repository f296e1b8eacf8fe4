import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A file-system-safe, readable folder or file name for a test or surface. */
export function slug(text: string, maxLength = 80): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleaned.slice(0, maxLength).replace(/-+$/, '') || 'unnamed';
}

export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * The extension's output-channel logs in a code-server profile. code-server writes each extension's log channel to
 * `<user-data>/logs/<session>/exthost<N>/<publisher.name>/<channel name>.log`; plain output channels land in
 * `output_logging_*` folders next to it.
 */
export function extensionLogFiles(userDataDir: string, extensionId: string, channelName: string): string[] {
  const logsDir = path.join(userDataDir, 'logs');
  const idPart = `${path.sep}${extensionId}${path.sep}`;
  return listFiles(logsDir).filter((file) => file.includes(idPart) || path.basename(file).includes(channelName));
}

/** The extension host's and server's own logs: where activation errors and crashes are written. */
export function hostLogFiles(userDataDir: string): string[] {
  return listFiles(path.join(userDataDir, 'logs')).filter((file) =>
    /(?:remoteexthost|exthost|remoteagent)\.log$/.test(path.basename(file)),
  );
}

/** Copies `files` into `dir`, naming each by its path below `base` so same-named logs do not collide. */
export function copyInto(dir: string, base: string, files: string[]): void {
  mkdirSync(dir, { recursive: true });
  for (const file of files) {
    copyFileSync(file, path.join(dir, path.relative(base, file).split(path.sep).join('__')));
  }
}

export function writeText(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
