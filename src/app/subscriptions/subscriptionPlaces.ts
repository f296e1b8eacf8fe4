import type { Group, Page, PageRequest, Project } from '../../gitlab/types';
import { isWithin } from './subscriptionItems';

/** Pages of 100 read of the user's groups and of their projects: beyond, places are not looked in (and the list says so). */
export const MAX_PLACE_PAGES = 3;
const PER_PAGE = 100;

/** Where merge requests, epics and labels are looked for: GitLab lists those only per group or project (note §2). */
export interface SubscriptionPlaces {
  /** Every group the user is a member of (labels are read from each). */
  groups: Array<{ id: number; path: string }>;
  /** The fewest groups that hold all the others (merge requests and epics are read with their subgroups). */
  topGroups: string[];
  /** Projects the user is a member of. */
  projects: Array<{ id: number; path: string }>;
  /** Those of them outside every group above (personal projects, projects shared alone). */
  looseProjects: string[];
  /** More groups or projects exist than were read. */
  cut: boolean;
}

export interface PlaceReader {
  listMemberGroups(page: PageRequest, signal?: AbortSignal): Promise<Page<Group>>;
  listMyProjects(page: PageRequest, signal?: AbortSignal): Promise<Page<Project>>;
}

async function readAll<T>(read: (page: PageRequest) => Promise<Page<T>>): Promise<{ items: T[]; cut: boolean }> {
  const items: T[] = [];
  let page: number | undefined = 1;
  for (let n = 0; page !== undefined && n < MAX_PLACE_PAGES; n++) {
    const answer: Page<T> = await read({ page, perPage: PER_PAGE });
    items.push(...answer.items);
    page = answer.nextPage;
  }
  return { items, cut: page !== undefined };
}

/** The user's groups and projects, bounded, and the fewest places that cover them. */
export async function readSubscriptionPlaces(reader: PlaceReader, signal?: AbortSignal): Promise<SubscriptionPlaces> {
  const [groupPages, projectPages] = await Promise.all([
    readAll((page) => reader.listMemberGroups(page, signal)),
    readAll((page) => reader.listMyProjects(page, signal)),
  ]);
  const groups = groupPages.items.map((group) => ({ id: group.id, path: group.full_path }));
  const paths = [...new Set(groups.map((group) => group.path))].sort((a, b) => a.length - b.length);
  const topGroups: string[] = [];
  for (const path of paths) if (!topGroups.some((top) => isWithin(path, top))) topGroups.push(path);
  const projects = projectPages.items.map((project) => ({ id: project.id, path: project.path_with_namespace }));
  const looseProjects = projects.map((project) => project.path).filter((path) => !topGroups.some((top) => isWithin(path, top)));
  return { groups, topGroups, projects, looseProjects, cut: groupPages.cut || projectPages.cut };
}
