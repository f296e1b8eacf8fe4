import { eventRoutes } from './events';
import { followRoutes } from './follows';
import { groupRoutes } from './groups';
import { notificationSettingsRoutes } from './notification-settings';
import { projectRoutes } from './projects';
import { subscriptionRoutes } from './subscriptions';
import { todoRoutes } from './todos';
import type { Route } from './route';
import { userRoutes } from './users';

export const ALL_ROUTES: readonly Route[] = [
  ...notificationSettingsRoutes, ...eventRoutes, ...userRoutes, ...projectRoutes, ...groupRoutes, ...todoRoutes,
  ...subscriptionRoutes, ...followRoutes,
];
