import type { Edition } from '../types';

/** The To-Do List's vocabulary (to-dos note §1, §3, §4): action names, target types and their GraphQL enum names. */

/** `Todo::ACTION_NAMES` (§3), then the newer EE names, in GitLab's order. */
export const KNOWN_ACTIONS = [
  'assigned', 'mentioned', 'build_failed', 'marked', 'approval_required', 'unmergeable', 'directly_addressed',
  'merge_train_removed', 'review_requested', 'member_access_requested', 'review_submitted', 'okr_checkin_requested',
  'added_approver', 'ssh_key_expired', 'ssh_key_expiring_soon', 'duo_pro_access_granted',
  'duo_enterprise_access_granted', 'duo_core_access_granted', 'duo_workflow_input_required', 'transfer_failed',
] as const;

/**
 * An action no client knows yet: the double plays a GitLab newer than the extension, whose own vocabulary (REST
 * filter values, GraphQL enum) includes it.
 */
export const FUTURE_ACTION = 'policy_violation_detected';
/** A target class no client knows yet (see FUTURE_ACTION). */
export const FUTURE_TARGET_TYPE = 'Security::PolicyViolation';

export const SERVER_ACTIONS: readonly string[] = [...KNOWN_ACTIONS, FUTURE_ACTION];

/** The REST `type` filter's values (§1): CE's, and EE adds `Epic`. */
export const CE_FILTER_TYPES = [
  'Commit', 'Issue', 'WorkItem', 'MergeRequest', 'DesignManagement::Design', 'AlertManagement::Alert', 'Namespace',
  'Project', 'Key', 'WikiPage::Meta',
] as const;

export function filterTypes(edition: Edition): readonly string[] {
  return edition === 'ee' ? [...CE_FILTER_TYPES, 'Epic'] : CE_FILTER_TYPES;
}

/** Target classes only EE has (its to-dos are not generated for other editions). */
export const EE_TARGET_TYPES: ReadonlySet<string> = new Set(['Epic', 'Vulnerability', 'User', 'Ai::DuoWorkflows::Workflow']);

/** `TodoTargetEnum` (§4): the class name of each target type as GraphQL spells it. */
const TARGET_ENUM: Readonly<Record<string, string>> = {
  Issue: 'ISSUE', MergeRequest: 'MERGEREQUEST', WorkItem: 'WORKITEM', Commit: 'COMMIT',
  'DesignManagement::Design': 'DESIGN', 'AlertManagement::Alert': 'ALERT', Project: 'PROJECT', Namespace: 'NAMESPACE',
  Key: 'KEY', 'WikiPage::Meta': 'WIKIPAGEMETA', User: 'USER', Epic: 'EPIC', Vulnerability: 'VULNERABILITY',
  [FUTURE_TARGET_TYPE]: 'POLICYVIOLATION', 'Ai::DuoWorkflows::Workflow': 'DUOWORKFLOW',
};

export function targetEnum(targetType: string): string {
  return TARGET_ENUM[targetType] ?? targetType.replace(/[^A-Za-z]/g, '').toUpperCase();
}

export function targetTypeOfEnum(value: string): string | undefined {
  return Object.keys(TARGET_ENUM).find((type) => TARGET_ENUM[type] === value);
}

export function targetEnumValues(edition: Edition): string[] {
  return Object.entries(TARGET_ENUM)
    .filter(([type]) => edition === 'ee' || !EE_TARGET_TYPES.has(type))
    .map(([, value]) => value);
}
