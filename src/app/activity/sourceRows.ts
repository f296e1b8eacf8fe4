import type { Project } from '../../gitlab/types';
import { trimInstanceUrl } from '../../gitlab/url';
import { instancePage } from '../instance';
import type { Localize } from '../localize';
import type { ActivitySource } from './sources';

/** What a project's or user's row shows: plain text and ids; the shell makes the TreeItem. */
export interface SourceRow {
  /** The project's name with its namespace once GitLab named it, else the reference as configured. */
  label: string;
  /** The project's path when the label is not it, and "from git remote" for a project the workspace's remote names. */
  description?: string;
  tooltip: string;
  iconId: string;
  /** Context menu tags: every source links to its page; only a settings entry can be removed. */
  contextValue: string;
}

/** `project` is what GitLab answered for a project source, when it has. */
export function sourceRow(source: ActivitySource, project: Project | undefined, t: Localize): SourceRow {
  const isProject = source.source.kind === 'project';
  const label = project?.name_with_namespace ?? project?.name ?? source.ref;
  const path = project && project.path_with_namespace !== label ? project.path_with_namespace : undefined;
  const origin = source.from === 'remote' ? t('from git remote') : undefined;
  const tags = [isProject ? 'project' : 'user', 'linkable'];
  if (source.from === 'setting') tags.push(isProject ? 'removableProject' : 'removableUser');
  return {
    label,
    description: [path, origin].filter(Boolean).join(' · ') || undefined,
    tooltip: isProject ? t('Project {0}', source.ref) : t('User {0}', source.ref),
    iconId: isProject ? 'repo' : 'person',
    contextValue: tags.join(' '),
  };
}

/**
 * The web page of a project or user source on its instance: GitLab's own link for a known project (a page of the
 * instance only), else one built from the path or username; none for a numeric ID GitLab has not named, nor for a
 * reference whose page would not be on the instance (a `..` in a workspace's remote).
 */
export function sourceWebUrl(source: ActivitySource, project: Project | undefined, instanceUrl: string): string | undefined {
  const base = trimInstanceUrl(instanceUrl);
  const page = (url: string | undefined): string | undefined => instancePage(url, base)?.href;
  const numeric = /^\d+$/.test(source.ref);
  if (source.source.kind === 'project') {
    return page(project?.web_url) ?? (numeric ? undefined : page(`${base}/${source.ref.split('/').map(encodeURIComponent).join('/')}`));
  }
  return source.source.kind === 'user' && !numeric ? page(`${base}/${encodeURIComponent(source.ref)}`) : undefined;
}
