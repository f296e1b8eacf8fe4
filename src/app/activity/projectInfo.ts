import type { Project } from '../../gitlab/types';

/** What the activity presentation needs to know about an event's project; the shell answers from its cache. */
export interface ProjectInfo {
  webUrl?: string;
  pathWithNamespace?: string;
  name?: string;
}

export type ProjectLookup = (projectId: number) => ProjectInfo | undefined;

/** The one mapping of a GitLab project to what the presentation uses (the name with its namespace, as the tree shows). */
export function projectInfo(project: Project | undefined): ProjectInfo | undefined {
  return project && { webUrl: project.web_url, pathWithNamespace: project.path_with_namespace, name: project.name_with_namespace ?? project.name };
}
