import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { T, type Break, type Elsewhere } from './model';
import { SECTION, type Row } from './rows';
import type { Outcome } from './run';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, '⏎');
}

function code(text: string): string {
  if (text.trim() === '') return '(nothing: the line removed)';
  const shown = cell(text.trim());
  return shown.includes('`') ? `\`\` ${shown} \`\`` : `\`${shown}\``;
}

const named = (item: Break): string => cell(item.part ? `${item.protection} (${item.part})` : item.protection);

/** The "Mutation check" section of docs/protections.md, as a run of every break found it. */
export function section(rows: readonly Row[], outcomes: ReadonlyArray<{ item: Break; outcome: Outcome }>, elsewhere: readonly Elsewhere[], date: string, seconds: number): string {
  const caught = outcomes.filter(({ outcome }) => outcome.result === 'failed as expected').length;
  const checkedRows = rows.filter((row) => outcomes.some(({ item }) => row.protection.startsWith(item.protection))).length;
  const missed = outcomes.filter(({ outcome }) => outcome.result !== 'failed as expected').map(({ item }) => named(item));
  const lines = [
    SECTION,
    '',
    `Written by \`npm run mutation-check\` (\`scripts/mutation-check.ts\`, the breaks in \`scripts/mutation/breaks/\`) on ${date}, in`,
    `${Math.round(seconds)} s. Of the ${rows.length} rows above, ${checkedRows} are checked here and ${elsewhere.length} elsewhere (below).`,
    'Each protection of a checked row was taken away by the edit shown, the tests named ran against that source (the unit',
    'tests whose titles contain a name shown, as `--grep`; for a type check, `tsc` over the project and the errors shown),',
    'and the file was put back. Before that, the same tests passed on the source as it is.',
    `**${caught} of ${outcomes.length} breaks failed their tests as expected${missed.length > 0 ? `; not: ${missed.join('; ')}` : ''}.**`,
    '',
    'Checked elsewhere, not here (`npm run mutation-check -- --dry` fails on a row that is neither here nor there):',
    '',
    ...elsewhere.map((entry) => `- ${cell(entry.protection)}: ${entry.by === 'workbench' ? 'workbench tests only' : `\`npm run ${entry.by}\` only`}; ${entry.why}`),
    '',
    '| Protection | Broken by | Tests run | Result |',
    '|---|---|---|---|',
  ];
  for (const { item, outcome } of outcomes) {
    const broken = item.edits.map((e) => `\`${e.file}\`: ${code(e.from)} → ${code(e.to)}`).join('; ');
    const tests = item.by === 'typecheck'
      ? `\`tsc -p . --noEmit\`: ${item.tests.map((t) => `*${cell(t)}*`).join(', ')}`
      : `${item.specs.map((spec) => `\`${relative(T, spec)}\``).join(', ')}: ${item.tests.map((t) => `*${cell(t)}*`).join(', ')}`;
    const result = outcome.result === 'failed as expected' ? `broken → failed as expected (${cell(outcome.detail)})` : `**${outcome.result}** (${cell(outcome.detail)})`;
    lines.push(`| ${named(item)} | ${broken} | ${tests} | ${result} |`);
  }
  return `${lines.join('\n')}\n`;
}

export function writeSection(path: string, text: string): void {
  const doc = readFileSync(path, 'utf8');
  const at = doc.indexOf(`\n${SECTION}\n`);
  writeFileSync(path, `${(at === -1 ? doc : doc.slice(0, at + 1)).trimEnd()}\n\n${text}`);
}
