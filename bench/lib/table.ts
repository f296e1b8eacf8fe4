/** A plain-text table for the terminal: the first row is the header, numbers are right-aligned. */
export function formatTable(title: string, rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const cells = rows.map((row) => row.map((cell) => String(cell)));
  const widths = cells[0].map((_, col) => Math.max(...cells.map((row) => (row[col] ?? '').length)));
  const numeric = (text: string) => /^[-+~≈<>]?[\d.,]+\s*(%|ms|s|kB|MB|B|×)?$/.test(text.trim());
  const line = (row: string[]) => row.map((cell, col) => (numeric(cell) ? cell.padStart(widths[col]) : cell.padEnd(widths[col]))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [`\n${title}`, line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n');
}

export function ms(value: number, digits = 1): string {
  return `${value.toFixed(digits)} ms`;
}

export function bytes(value: number): string {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} kB`;
  return `${Math.round(value)} B`;
}

export function times(value: number, digits = 2): string {
  return `${value.toFixed(digits)}×`;
}
