import type { Localize } from '../localize';

/**
 * A target type in words, for filters and messages. Every type of the REST `type` filter (to-dos note §1) has its
 * words; one GitLab adds later is shown by its own class name.
 */
const TYPES: Record<string, (t: Localize) => string> = {
  Issue: (t) => t('Issues'),
  WorkItem: (t) => t('Work items'),
  MergeRequest: (t) => t('Merge requests'),
  Commit: (t) => t('Commits'),
  'DesignManagement::Design': (t) => t('Designs'),
  'AlertManagement::Alert': (t) => t('Alerts'),
  Project: (t) => t('Projects (access requests)'),
  Namespace: (t) => t('Groups (access requests)'),
  Key: (t) => t('SSH keys'),
  'WikiPage::Meta': (t) => t('Wiki pages'),
  Epic: (t) => t('Epics'),
};

export function todoTypeLabel(type: string, t: Localize): string {
  const words = Object.prototype.hasOwnProperty.call(TYPES, type) ? TYPES[type] : undefined;
  return words ? words(t) : type;
}
