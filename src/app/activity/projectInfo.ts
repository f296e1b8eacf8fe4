/** What the activity presentation needs to know about an event's project; the shell answers from its cache. */
export interface ProjectInfo {
  webUrl?: string;
  pathWithNamespace?: string;
  name?: string;
}

export type ProjectLookup = (projectId: number) => ProjectInfo | undefined;
