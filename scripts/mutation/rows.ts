import type { Break, Elsewhere } from './model';

export const SECTION = '## Mutation check';

/** A row of docs/protections.md: its section and its protection (the first cell, as written). */
export interface Row {
  section: string;
  protection: string;
}

/** Every protection row of the document above the mutation check's own section. */
export function readRows(doc: string): Row[] {
  const rows: Row[] = [];
  let section = '';
  for (const line of doc.split(`\n${SECTION}\n`)[0].split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3);
    const cell = /^\| ((?:[^|\\]|\\.)+?) \|/.exec(line)?.[1];
    if (cell && cell !== 'Protection' && !/^-+$/.test(cell)) rows.push({ section, protection: cell });
  }
  return rows;
}

/** What does not add up: rows nothing checks, and entries that name no row or several. */
export interface Coverage {
  uncovered: Row[];
  misnamed: Array<{ protection: string; rows: number }>;
}

export function coverage(rows: readonly Row[], breaks: readonly Break[], elsewhere: readonly Elsewhere[]): Coverage {
  const entries = [...breaks, ...elsewhere].map((entry) => entry.protection);
  const rowsOf = (protection: string) => rows.filter((row) => row.protection.startsWith(protection));
  return {
    uncovered: rows.filter((row) => !entries.some((protection) => row.protection.startsWith(protection))),
    misnamed: [...new Set(entries)].map((protection) => ({ protection, rows: rowsOf(protection).length })).filter(({ rows: n }) => n !== 1),
  };
}
