import type { DoubleData, DoubleEvent, DoubleIssuable } from './types';

/**
 * What an event does to the thing it is about, as GitLab does it (catch-up note §1.4, §3.2): a comment touches its
 * noteable (`Note after_save :touch_noteable`) and counts among its notes; a state change saves it; a branch push adds
 * "added N commits" to the open merge requests of that branch (`MergeRequests::RefreshService`), a system note that
 * touches them too. Each moves `updatedAt` to the event's time. Only things of the world's issuables (matched by
 * project and iid) are touched: the generated events' targets are their own.
 */
export function touchThingsOf(data: DoubleData, event: DoubleEvent): DoubleIssuable[] {
  const touched: DoubleIssuable[] = [];
  const touch = (item: DoubleIssuable | undefined) => {
    if (!item) return;
    if (item.updatedAt < event.createdAt) item.updatedAt = event.createdAt;
    touched.push(item);
  };
  const find = (model: DoubleIssuable['model'], iid: number | null) =>
    (iid === null ? undefined : data.issuables.find((i) => i.model === model && i.projectId === event.projectId && i.iid === iid));
  const modelOf = (type: string | null): DoubleIssuable['model'] | undefined =>
    (type === 'Issue' || type === 'WorkItem' ? 'Issue' : type === 'MergeRequest' ? 'MergeRequest' : undefined);
  if (event.note) {
    const model = modelOf(event.note.noteableType);
    const item = model && find(model, event.note.noteableIid);
    if (item && !event.note.system) item.userNotesCount += 1;
    touch(item);
  } else if (event.pushData) {
    const { ref, ref_type: refType, action } = event.pushData;
    if (ref !== null && refType === 'branch' && action !== 'removed') {
      for (const item of data.issuables) {
        if (item.model === 'MergeRequest' && item.state === 'opened' && item.projectId === event.projectId && (item.sourceBranch ?? `topic-${item.iid}`) === ref) touch(item);
      }
    }
  } else {
    const model = modelOf(event.targetType);
    const item = model && find(model, event.targetIid);
    if (item && event.action === 'closed') item.state = 'closed';
    if (item && event.action === 'reopened') item.state = 'opened';
    if (item && event.action === 'merged') item.state = 'merged';
    touch(item);
  }
  return touched;
}

/**
 * A reassignment (or a reviewer change) as GitLab makes it: the thing is saved, `updatedAt` moves, and no event is
 * written (catch-up note §1.1). The new people take part.
 */
export function reassign(item: DoubleIssuable, change: { assigneeIds?: number[]; reviewerIds?: number[] }, at: Date): void {
  if (change.assigneeIds) item.assigneeIds = [...change.assigneeIds];
  if (change.reviewerIds) item.reviewerIds = [...change.reviewerIds];
  item.participants = [...new Set([...item.participants, ...(change.assigneeIds ?? []), ...(change.reviewerIds ?? [])])];
  item.updatedAt = at.toISOString();
}
