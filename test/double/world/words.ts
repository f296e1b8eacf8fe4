/** Word lists for generated titles, refs and note bodies. */

export const TITLE_VERBS = ['Fix', 'Add', 'Remove', 'Refactor', 'Document', 'Speed up', 'Harden', 'Update', 'Test', 'Simplify'];
export const TITLE_NOUNS = [
  'login form', 'billing export', 'search index', 'CI pipeline', 'dark mode', 'rate limiter', 'API pagination',
  'release notes', 'cache invalidation', 'avatar upload', 'webhooks', 'audit log', 'date picker', 'error pages',
];
export const BRANCHES = ['main', 'develop', 'feature/search', 'fix/billing-export', 'release/2.0', 'docs/readme'];
export const NOTE_BODIES = [
  'Looks good to me.', 'Could we add a test for this?', 'nit: typo in the comment', 'I can reproduce this on main.',
  'Thanks! Merging once the pipeline passes.', 'This breaks the export for large accounts, see the log above.',
];
export const WIKI_TITLES = ['Home', 'Onboarding', 'Release process', 'Architecture', 'On-call runbook'];
export const DESIGN_FILES = ['homepage.png', 'checkout-flow.png', 'settings-dark.png', 'mobile-nav.png'];

/** Used only with `hostileNames`: markup, script, bidi overrides and very long text that a UI must render inertly. */
export const HOSTILE_TITLES = [
  '<img src=x onerror=alert(1)>',
  '<script>alert("title")</script> & "quotes" \'single\'',
  '[click me](javascript:alert(1)) **bold** `code`',
  '{{constructor.constructor(\'alert(1)\')()}} ${process.exit()}',
  'RTL \u202Eexe.txt\u202C override',
  `Long ${'very '.repeat(60)}long title`,
];
