import type { GitLabApi } from '../gitlab/api';
import { GitLabError } from '../gitlab/errors';
import { NO_FILTER } from '../gitlab/filter';
import type { Project } from '../gitlab/types';

/** What GitLab says of a project someone typed: there (with its details when the server gives them), not there, or no answer. */
export type ProjectCheck =
  | { kind: 'found'; project?: Project }
  | { kind: 'notFound'; error: GitLabError }
  | { kind: 'failed'; error: GitLabError };

const isNotFound = (error: unknown): error is GitLabError => error instanceof GitLabError && error.kind === 'notFound';
const asGitLabError = (error: unknown): GitLabError =>
  error instanceof GitLabError ? error : new GitLabError('network', error instanceof Error ? error.message : String(error));

/**
 * Looks a project up before it is followed, so a typo is caught when typed rather than as an error row. GitLab
 * answers 404 both for a project that does not exist and for one the account cannot see. A server of the interface
 * alone has no `GET /projects/:id` (404 for every project): there the project's own events, which every server
 * offers, decide.
 */
export async function checkProject(api: GitLabApi, ref: string, signal?: AbortSignal): Promise<ProjectCheck> {
  try {
    return { kind: 'found', project: await api.getProject(ref, signal) };
  } catch (error) {
    if (!isNotFound(error)) return { kind: 'failed', error: asGitLabError(error) };
  }
  try {
    await api.listEvents({ kind: 'project', id: ref }, NO_FILTER, { perPage: 1 }, signal);
    return { kind: 'found' };
  } catch (error) {
    return isNotFound(error) ? { kind: 'notFound', error } : { kind: 'failed', error: asGitLabError(error) };
  }
}
