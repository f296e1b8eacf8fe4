import type { EventSource, GitLabApi } from './api';
import * as endpoints from './endpoints';
import type { ValidEventFilter } from './filter';
import { toPage } from './paging';
import type { ApiRequest } from './request';
import type { Transport } from './transport';
import type {
  CurrentUser, GitLabEvent, Group, NotificationSetting, NotificationSettingUpdate, Page, PageRequest,
  Project, Scope,
} from './types';

/** The typed GitLab API over one `Transport`. */
export class GitLabClient implements GitLabApi {
  constructor(private readonly transport: Transport) {}

  onRateLimited(listener: () => void): () => void {
    return this.transport.onRateLimited(listener);
  }

  async getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
    return this.data(endpoints.getCurrentUser(), signal);
  }

  async getNotificationSettings(scope: Scope, signal?: AbortSignal): Promise<NotificationSetting> {
    return this.data(endpoints.getNotificationSettings(scope), signal);
  }

  async updateNotificationSettings(scope: Scope, update: NotificationSettingUpdate, signal?: AbortSignal): Promise<NotificationSetting> {
    return this.data(endpoints.updateNotificationSettings(scope, update), signal);
  }

  async listEvents(source: EventSource, filter: ValidEventFilter, page: PageRequest, signal?: AbortSignal): Promise<Page<GitLabEvent>> {
    return this.page(endpoints.listEvents(source, filter, page), page, signal);
  }

  async getProject(id: string | number, signal?: AbortSignal): Promise<Project> {
    return this.data(endpoints.getProject(id), signal);
  }

  async listMyProjects(page: PageRequest, signal?: AbortSignal): Promise<Page<Project>> {
    return this.page(endpoints.listMyProjects(page), page, signal);
  }

  async listGroups(page: PageRequest, signal?: AbortSignal): Promise<Page<Group>> {
    return this.page(endpoints.listGroups(page), page, signal);
  }

  private async data<T>(request: ApiRequest<T>, signal?: AbortSignal): Promise<T> {
    return (await this.transport.send(request, signal)).data;
  }

  private async page<T>(request: ApiRequest<T[]>, requested: PageRequest, signal?: AbortSignal): Promise<Page<T>> {
    return toPage(await this.transport.send(request, signal, requested.budget), requested);
  }
}
