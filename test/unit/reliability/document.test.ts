import { resolve } from 'node:path';
import { reliabilityReport } from './report';

/**
 * Writes docs/reliability.md from what the reliability specs collected, when asked to (WRITE_RELIABILITY_DOC=1)
 * and only after a complete, passing run: a root-level hook, so it runs once every spec file is done.
 */
after(function () {
  if (process.env.WRITE_RELIABILITY_DOC !== '1') return;
  const missing = reliabilityReport.incompleteBecause();
  if (missing) {
    throw new Error(`docs/reliability.md was not written: ${missing}. Run every reliability spec, and fix failures first.`);
  }
  const path = resolve(__dirname, '../../../docs/reliability.md');
  reliabilityReport.writeTo(path);
  console.log(`  wrote ${path}`);
});
