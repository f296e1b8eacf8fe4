// Runs suite/*.test.js with mocha inside the extension host and collects a plain, serialisable result.
const fs = require('fs');
const path = require('path');

function loadMocha(mochaPath) {
  if (!mochaPath) throw new Error('GITLAB_ACTIVITY_COMPANION_MOCHA is not set (absolute path of the mocha package)');
  // mocha's CommonJS build, so this works whether or not the host's Node can require ES modules.
  const commonJsBuild = path.join(mochaPath, 'lib', 'mocha.cjs');
  const loaded = require(fs.existsSync(commonJsBuild) ? commonJsBuild : mochaPath);
  return loaded.default ?? loaded;
}

function describeError(error) {
  if (!error) return undefined;
  return {
    message: String(error.message ?? error),
    stack: typeof error.stack === 'string' ? error.stack : undefined,
    actual: error.actual === undefined ? undefined : safeJson(error.actual),
    expected: error.expected === undefined ? undefined : safeJson(error.expected),
  };
}

function safeJson(value) {
  try {
    return JSON.parse(JSON.stringify(value));
  } catch {
    return String(value);
  }
}

async function runSuites({ mochaPath, grep, context }) {
  const Mocha = loadMocha(mochaPath);
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, reporter: collectingReporter(Mocha) });
  if (grep) mocha.grep(grep);
  // Suites reach the companion's ExtensionContext as `this.companion.context` (mocha contexts inherit from the root).
  mocha.suite.ctx.companion = { context };
  const suiteDir = path.join(__dirname, 'suite');
  for (const file of fs.readdirSync(suiteDir).filter((name) => name.endsWith('.test.js')).sort()) {
    mocha.addFile(path.join(suiteDir, file));
  }
  const started = Date.now();
  const tests = [];
  const runner = await new Promise((resolve) => {
    const created = mocha.run(() => resolve(created));
    created.on('test end', (test) => tests.push(summarise(test)));
    created.on('fail', (runnable, error) => {
      // Hook failures never reach 'test end'; report them as failed entries of their own.
      if (runnable.type === 'hook') tests.push({ ...summarise(runnable), state: 'failed', error: describeError(error) });
      else runnable.companionError = describeError(error);
    });
  });
  return { durationMs: Date.now() - started, stats: runner.stats, tests };
}

function summarise(runnable) {
  return {
    title: runnable.title,
    fullTitle: runnable.fullTitle(),
    file: runnable.file ? path.basename(runnable.file) : undefined,
    state: runnable.isPending() ? 'pending' : runnable.state ?? 'failed',
    durationMs: runnable.duration,
    error: runnable.companionError,
  };
}

// Silent reporter: results travel back through the report, and the extension host's console is nobody's screen.
function collectingReporter(Mocha) {
  return class CollectingReporter extends Mocha.reporters.Base {};
}

module.exports = { runSuites };
