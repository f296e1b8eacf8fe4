import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  platform: string;
}

/** What the figures were measured on: CPU model (from /proc/cpuinfo where there is one), cores, Node. */
export function describeMachine(): Machine {
  let cpu = cpus()[0]?.model?.trim() ?? 'unknown';
  try {
    const model = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (model) cpu = model[1].trim();
  } catch {
    // Not Linux: os.cpus() it is.
  }
  return {
    cpu,
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}
