/**
 * The runtime strings: every message the code passes to a `Localize` (`vscode.l10n.t` in the shell, the injected `t`
 * in `src/app`, the host's texts in the settings page), read from the sources with TypeScript's parser.
 *
 * `@vscode/l10n-dev export` alone is not enough here: it only sees member calls `vscode.l10n.t('…')` / `l10n.t('…')`
 * in files that import or require `vscode` or `@vscode/l10n`, so it misses the pure code's and the page's `t('…')`
 * and the shell's `const t = vscode.l10n.t; t('…')`. This reads every call of a function named `t` or `localize`
 * (`t('…')`, `this.t('…')`, `vscode.l10n.t('…')`, `deps.localize('…')`) whose message is a literal, and reports the
 * calls whose message is not one (a variable, a template with `${}`): those could not reach the bundle, so messages
 * picked from a table are written as functions of `t` instead (`(t) => t('Watch')`). It also reports a `Localize`
 * held under another name, which the reading above would miss.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** The names a `Localize` goes by; calls of these (as a name or a member) carry the runtime strings. */
export const LOCALIZE_NAMES: ReadonlySet<string> = new Set(['t', 'localize', 'texts']);

/** Where runtime strings live: the extension and the settings page. */
export const SOURCE_ROOTS = ['src', join('media', 'src')];

/** Defines `Localize` and wraps it: its calls pass on their callers' messages. */
const FORWARDERS = new Set([join('src', 'app', 'localize.ts')]);

export interface RuntimeStrings {
  /** Each message and the first place that uses it (`path:line`). */
  messages: Map<string, string>;
  /** Calls and names that would keep a message out of the bundle, as `path:line: why`. */
  problems: string[];
}

export function sourceFiles(root: string): string[] {
  const walk = (dir: string): string[] => readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
  return SOURCE_ROOTS.flatMap((dir) => walk(join(root, dir))).map((path) => relative(root, path));
}

function calleeName(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** `vscode.l10n.t`, `l10n.t` and `keepPlainMessages(…)`: a `Localize` by value, whatever its declared type. */
function isLocalizeValue(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  const text = node.getText();
  return /^(\w+\.)?l10n\.t$/.test(text) || /^keepPlainMessages\(/.test(text);
}

function isLocalizeType(node: ts.TypeNode | undefined): boolean {
  return node !== undefined && /^Localize(\s*\|\s*undefined)?$/.test(node.getText());
}

export function collectRuntimeStrings(root: string, files: readonly string[] = sourceFiles(root)): RuntimeStrings {
  const messages = new Map<string, string>();
  const problems: string[] = [];
  for (const file of files) {
    if (FORWARDERS.has(file)) continue;
    const shown = file.split(sep).join('/');
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) => `${shown}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && LOCALIZE_NAMES.has(calleeName(node.expression) ?? '')) {
        const message = node.arguments[0];
        if (message && (ts.isStringLiteral(message) || ts.isNoSubstitutionTemplateLiteral(message))) {
          if (!messages.has(message.text)) messages.set(message.text, where(node));
        } else {
          problems.push(`${where(node)}: ${node.expression.getText()}(…) with a message that is not a literal string: ${node.getText().slice(0, 80)}`);
        }
      }
      if (ts.isTaggedTemplateExpression(node) && LOCALIZE_NAMES.has(calleeName(node.tag) ?? '')) {
        problems.push(`${where(node)}: ${node.tag.getText()}\`…\` as a tagged template: write ${node.tag.getText()}('… {0}', value)`);
      }
      if ((ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)
        || ts.isPropertyAssignment(node)) && ts.isIdentifier(node.name) && !LOCALIZE_NAMES.has(node.name.text)) {
        const type = 'type' in node ? node.type : undefined;
        const value = 'initializer' in node ? node.initializer : undefined;
        if (isLocalizeType(type) || isLocalizeValue(value)) {
          problems.push(`${where(node)}: a Localize named ${node.name.text}: name it t (calls of other names are not collected)`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, problems };
}

/** The bundle's content for these messages: each message its own key, in a stable order. */
export function bundleOf(messages: Iterable<string>): Record<string, string> {
  const sorted = [...messages].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(sorted.map((message) => [message, message]));
}

export const BUNDLE_FILE = join('l10n', 'bundle.l10n.json');
