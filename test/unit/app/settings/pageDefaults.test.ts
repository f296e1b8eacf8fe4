import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { canApplyBulk, createForm, withBulkSelection } from '../../../../src/app/settings/shared/formState';
import { nothing } from 'lit-html';
import type { SettingsApp } from '../../../../media/src/settings/app';
import { bulkPanel } from '../../../../media/src/settings/bulkPanel';
import { settingsForm } from '../../../../media/src/settings/settingsForm';
import { initialState, type UiState } from '../../../../media/src/settings/model';
import { formatMessage, inLanguage } from '../../../../src/app/localize';
import { parsePageMessage } from '../../../../src/app/settings/shared/protocol';
import { CODICON_PATHS } from '../../../../media/src/settings/icons';

describe('the settings page\'s Add form', () => {
  it('does not default to a kind: GitLab is asked which it is (a project\'s path never meets "no such group")', () => {
    assert.equal(initialState().add.kind, 'either');
    const request = parsePageMessage({ type: 'request', id: 1, method: 'addScope', params: { kind: 'either', ref: 'acme/web' } });
    assert.ok(request.ok, 'the host takes "either"');
  });
});

describe('the settings page\'s bulk change', () => {
  it('starts with no level chosen, and Apply waits for one', () => {
    const state = initialState();
    assert.equal(state.bulkLevel, undefined);
    const selection = new Set(['project:acme/web']);
    assert.equal(canApplyBulk({ selection, level: state.bulkLevel }), false);
    assert.equal(canApplyBulk({ selection, level: 'watch' }), true);
    assert.equal(canApplyBulk({ selection: new Set(), level: 'watch' }), false, 'nothing checked');
    assert.equal(canApplyBulk({ selection, level: 'sometimes' }), false, 'a level GitLab would refuse');
    assert.equal(canApplyBulk({ selection, level: 'watch', report: { done: false } }), false, 'a run is going');
    assert.equal(canApplyBulk({ selection, level: 'watch', report: { done: true } }), true);
  });

  it('a finished run\'s results go when the selection changes (they were about the old one); a running one\'s stay', () => {
    const done = { done: true, items: ['x'] };
    const after = withBulkSelection({ selection: new Set(['a']), level: 'watch', report: done }, 'b', true);
    assert.deepEqual([...after.selection], ['a', 'b']);
    assert.equal(after.report, undefined);
    assert.equal(after.level, 'watch');
    assert.equal(withBulkSelection({ selection: new Set(['a', 'b']), report: done }, 'b', false).report, undefined);
    const running = { done: false };
    assert.equal(withBulkSelection({ selection: new Set(['a']), report: running }, 'a', false).report, running);
  });

  it('draws results with codicons as @vscode/codicons has them', () => {
    for (const [name, paths] of Object.entries(CODICON_PATHS)) {
      const source = readFileSync(require.resolve(`@vscode/codicons/src/icons/${name}.svg`), 'utf8');
      const expected = [...source.matchAll(/<path([^>]*)\/>/g)].map(([, attributes]) => ({
        d: /d="([^"]*)"/.exec(attributes)?.[1], evenodd: attributes.includes('fill-rule="evenodd"'),
      }));
      assert.deepEqual(paths.map((path) => ({ d: path.d, evenodd: path.evenodd === true })), expected, name);
    }
  });
});

/** The markup a lit-html template would render, as text (attribute bindings as `name=value`), for checks in Node. */
function markup(value: unknown): string {
  if (Array.isArray(value)) return value.map(markup).join('');
  if (value === nothing || value === undefined || value === null || typeof value === 'function') return '';
  if (typeof value === 'object') {
    const template = value as { strings?: readonly string[]; values?: unknown[] };
    if (template.strings && template.values) {
      return template.strings.map((part, index) => part + (index < template.values!.length ? markup(template.values![index]) : '')).join('');
    }
    // A directive (live, repeat): its arguments.
    return template.values ? markup(template.values) : '';
  }
  return String(value);
}

describe('the settings page\'s bulk panel as drawn', () => {
  const t = formatMessage;
  const actions = {} as unknown as SettingsApp;
  const state = (): UiState => {
    const ui = initialState();
    ui.bulkSelection = new Set(['project:acme/web', 'project:acme/api']);
    return ui;
  };

  it('offers no level until one is chosen, with Apply disabled', () => {
    const drawn = markup(bulkPanel(state(), t, actions));
    assert.match(drawn, /<option value="" disabled[^>]*>Choose a level…<\/option>/);
    assert.match(drawn, /id="bulk-apply"\s+\?disabled=true/);
    const chosen = state();
    chosen.bulkLevel = 'watch';
    assert.match(markup(bulkPanel(chosen, t, actions)), /id="bulk-apply"\s+\?disabled=false/);
  });

  it('draws each result with a codicon, in the text\'s colour (no status colour on the words)', () => {
    const ui = state();
    ui.bulkLevel = 'watch';
    ui.bulk = {
      level: 'watch', done: true, items: [
        { key: 'project:acme/web', scope: { kind: 'project', id: 'acme/web' }, status: 'changed', previousLevel: 'global', level: 'watch' },
        { key: 'project:acme/api', scope: { kind: 'project', id: 'acme/api' }, status: 'failed', error: { kind: 'forbidden', message: 'No.' } },
      ],
    };
    const drawn = markup(bulkPanel(ui, t, actions));
    assert.deepEqual([...drawn.matchAll(/data-codicon=(\w[\w-]*)/g)].map((match) => match[1]), ['check', 'error']);
    // The stylesheet gives the words the theme's foreground; only the failed icon has a colour of its own.
    const css = readFileSync(require.resolve('../../../../media/settings.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rules = [...css.matchAll(/([^{}]*\.bulk-item[^{}]*)\{([^}]*)\}/g)].map(([, selector, body]) => ({ selector: selector.trim(), body }));
    const colours = rules.flatMap(({ selector, body }) => [...body.matchAll(/(?:^|;|\s)color:\s*([^;]+);/g)].map((match) => [selector, match[1].trim()]));
    for (const [selector, colour] of colours) {
      assert.ok(colour === 'var(--vscode-foreground)' || /\.codicon$/.test(selector), `${selector} is in ${colour}`);
    }
    assert.ok(colours.some(([selector, colour]) => selector === '.bulk-item' && colour === 'var(--vscode-foreground)'), JSON.stringify(colours));
  });

  it('writes its counts as the page\'s language does: 1.234 selected in German', () => {
    const german = inLanguage(formatMessage, 'de');
    const ui = state();
    ui.bulkSelection = new Set(Array.from({ length: 1_234 }, (_, index) => `project:${index + 1}`));
    assert.match(markup(bulkPanel(ui, german, actions)), /<p id="bulk-selected-count">1\.234 selected<\/p>/);
    ui.bulk = {
      level: 'watch', done: true, items: Array.from({ length: 1_234 }, (_, index) => (
        { key: `project:${index + 1}`, scope: { kind: 'project' as const, id: index + 1 }, status: 'changed' as const, previousLevel: 'global', level: 'watch' })),
    };
    assert.match(markup(bulkPanel(ui, german, actions)), /id="bulk-summary"[^>]*>1\.234 changed, 0 already set, 0 failed, 0 stopped\.</);
  });
});

describe('the settings page\'s form as drawn', () => {
  it('keeps Save and Discard in view: their bar sticks to the bottom of the window however many switches there are', () => {
    const ui = initialState();
    const scope = { kind: 'project', id: 42 } as const;
    const events = Object.fromEntries(Array.from({ length: 23 }, (_, i) => [`event_${i}`, i % 2 === 0]));
    ui.selectedKey = 'project:42';
    ui.byKey.set('project:42', { form: createForm(scope, { level: 'custom', events }) });
    const drawn = markup(settingsForm(ui, formatMessage, {} as unknown as SettingsApp));
    const bar = /<div id="form-actions" class="([^"]*)">([\s\S]*?)<\/div>/.exec(drawn);
    assert.ok(bar, 'the form has its action bar');
    assert.ok(bar[1].split(' ').includes('form-actions'));
    assert.match(bar[2], /id="save-button"[\s\S]*id="revert-button"/);
    assert.ok(drawn.indexOf('id="form-actions"') > drawn.lastIndexOf('event_22'), 'below the last switch');
    const css = readFileSync(require.resolve('../../../../media/settings.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rule = [...css.matchAll(/([^{}]*)\{([^}]*)\}/g)].find(([, selector]) => selector.trim() === '.form-actions');
    assert.ok(rule, 'a rule for .form-actions');
    assert.match(rule[2], /(^|;|\s)position:\s*sticky;/);
    assert.match(rule[2], /(^|;|\s)bottom:\s*0;/);
  });
});
