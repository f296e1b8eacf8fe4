import type { BulkItemReport } from './protocol';

export interface BulkSummary {
  changed: BulkItemReport[];
  unchanged: BulkItemReport[];
  failed: BulkItemReport[];
  cancelled: BulkItemReport[];
  pending: BulkItemReport[];
}

/** Sorts a bulk run's items by outcome, for the summary line and the list of failures. */
export function summarizeBulk(items: readonly BulkItemReport[]): BulkSummary {
  const summary: BulkSummary = { changed: [], unchanged: [], failed: [], cancelled: [], pending: [] };
  for (const item of items) {
    switch (item.status) {
      case 'changed': summary.changed.push(item); break;
      case 'unchanged': summary.unchanged.push(item); break;
      case 'failed': summary.failed.push(item); break;
      case 'cancelled': summary.cancelled.push(item); break;
      case 'queued':
      case 'running': summary.pending.push(item); break;
    }
  }
  return summary;
}

/** Puts an item's newer report in place (matched by key), keeping the run's order. */
export function mergeBulkItem(items: readonly BulkItemReport[], item: BulkItemReport): BulkItemReport[] {
  const index = items.findIndex((existing) => existing.key === item.key);
  if (index === -1) return [...items, item];
  const next = items.slice();
  next[index] = item;
  return next;
}
