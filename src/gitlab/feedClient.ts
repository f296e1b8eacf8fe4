import * as endpoints from './endpoints';
import type { EventSource } from './api';
import { GitLabError } from './errors';
import type { FeedApi } from './feedApi';
import * as feeds from './feedEndpoints';
import type { FeedProject, FeedUser, GitLabVersion, StarOwner } from './feedTypes';
import type { ValidEventFilter } from './filter';
import { toPage } from './paging';
import type { ApiRequest } from './request';
import type { Transport } from './transport';
import type { GitLabEvent, Page, PageRequest } from './types';

const NOT_GITLAB = 'The activity feeds need GitLab: this server does not answer GET /version.';

/** The dashboard feeds' reads over the one `Transport`. */
export class FeedClient implements FeedApi {
  constructor(private readonly transport: Transport) {}

  onRateLimited(listener: () => void): () => void {
    return this.transport.onRateLimited(listener);
  }

  async getVersion(signal?: AbortSignal): Promise<GitLabVersion> {
    try {
      return (await this.transport.send(feeds.getVersion(), signal)).data;
    } catch (error) {
      // The route itself is missing (a server of the plain interface): no failure to retry.
      if (!(error instanceof GitLabError) || error.kind !== 'notFound') throw error;
      throw new GitLabError('unsupported', NOT_GITLAB, { status: error.status, request: error.request, serverMessage: error.serverMessage });
    }
  }

  async listEvents(source: EventSource, filter: ValidEventFilter, page: PageRequest, signal?: AbortSignal): Promise<Page<GitLabEvent>> {
    return this.page(endpoints.listEvents(source, filter, page), page, signal);
  }

  async listMemberProjects(page: PageRequest, signal?: AbortSignal): Promise<Page<FeedProject>> {
    return this.page(feeds.listMemberProjects(page), page, signal);
  }

  async listStarredProjects(owner: StarOwner, page: PageRequest, signal?: AbortSignal): Promise<Page<FeedProject>> {
    return this.page(feeds.listStarredProjects(owner, page), page, signal);
  }

  async listFollowing(userId: number, page: PageRequest, signal?: AbortSignal): Promise<Page<FeedUser>> {
    return this.page(feeds.listFollowing(userId, page), page, signal);
  }

  async listFollowers(userId: number, page: PageRequest, signal?: AbortSignal): Promise<Page<FeedUser>> {
    return this.page(feeds.listFollowers(userId, page), page, signal);
  }

  private async page<T>(request: ApiRequest<T[]>, requested: PageRequest, signal?: AbortSignal): Promise<Page<T>> {
    return toPage(await this.transport.send(request, signal, requested.budget), requested);
  }
}
