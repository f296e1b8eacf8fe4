/**
 * Every command id, view id, context key and setting key in one place. A unit test checks them against
 * package.json, so a rename in one place cannot silently break the other.
 */
export const COMMANDS = {
  signIn: 'gitlabActivity.signIn',
  signOut: 'gitlabActivity.signOut',
  refresh: 'gitlabActivity.refresh',
  filter: 'gitlabActivity.filter',
  chooseTab: 'gitlabActivity.chooseTab',
  markAllSeen: 'gitlabActivity.markAllSeen',
  filterAction: 'gitlabActivity.filterAction',
  filterTargetType: 'gitlabActivity.filterTargetType',
  filterDateRange: 'gitlabActivity.filterDateRange',
  sort: 'gitlabActivity.sort',
  clearFilters: 'gitlabActivity.clearFilters',
  addProject: 'gitlabActivity.addProject',
  removeProject: 'gitlabActivity.removeProject',
  addUser: 'gitlabActivity.addUser',
  removeUser: 'gitlabActivity.removeUser',
  loadMore: 'gitlabActivity.loadMore',
  /** On a dashboard feed's source row that failed: that source read again alone (list key, source key). */
  retryFeedSource: 'gitlabActivity.retryFeedSource',
  showEventDetails: 'gitlabActivity.showEventDetails',
  openInBrowser: 'gitlabActivity.openInBrowser',
  copyLink: 'gitlabActivity.copyLink',
  showUserEvents: 'gitlabActivity.showUserEvents',
  copyActivityAsMarkdown: 'gitlabActivity.copyActivityAsMarkdown',
  openNotificationSettings: 'gitlabActivity.openNotificationSettings',
  projectNotificationSettings: 'gitlabActivity.projectNotificationSettings',
  setNotificationLevel: 'gitlabActivity.setNotificationLevel',
  toggleMute: 'gitlabActivity.toggleMute',
  snoozeNotifications: 'gitlabActivity.snoozeNotifications',
  endSnooze: 'gitlabActivity.endSnooze',
  exportNotificationProfile: 'gitlabActivity.exportNotificationProfile',
  importNotificationProfile: 'gitlabActivity.importNotificationProfile',
  whyNotified: 'gitlabActivity.whyNotified',
  /** On a row that names an issue, merge request or epic (or with a `Thing`): why GitLab e-mails about it. */
  whyNotifiedAboutThing: 'gitlabActivity.whyNotifiedAboutThing',
  /** On a row that names an issue, merge request or epic: unsubscribe, with Undo. */
  unsubscribe: 'gitlabActivity.unsubscribe',
  showNotificationOverrides: 'gitlabActivity.showNotificationOverrides',
  showLog: 'gitlabActivity.showLog',
  todosRefresh: 'gitlabActivity.todos.refresh',
  todosMarkDone: 'gitlabActivity.todos.markDone',
  todosMarkAllDone: 'gitlabActivity.todos.markAllDone',
  todosOpen: 'gitlabActivity.todos.open',
  todosLoadMore: 'gitlabActivity.todos.loadMore',
  todosMarkOneDone: 'gitlabActivity.todos.markOneDone',
  todosChooseList: 'gitlabActivity.todos.chooseList',
  todosSnooze: 'gitlabActivity.todos.snooze',
  todosUnsnooze: 'gitlabActivity.todos.unsnooze',
  todosFilter: 'gitlabActivity.todos.filter',
  todosClearFilters: 'gitlabActivity.todos.clearFilters',
  catchUpRefresh: 'gitlabActivity.catchUp.refresh',
  catchUpLoadMore: 'gitlabActivity.catchUp.loadMore',
  catchUpOpen: 'gitlabActivity.catchUp.open',
  catchUpMarkSeen: 'gitlabActivity.catchUp.markSeen',
  catchUpMarkAllSeen: 'gitlabActivity.catchUp.markAllSeen',
  /** On a Catch Up row with pending to-dos: the To-Do List's Mark as Done, with Undo. */
  catchUpMarkDone: 'gitlabActivity.catchUp.markDone',
  /** On a Catch Up row of a project: lower its notification level (Participate or Disabled), with Undo. */
  catchUpMuteProject: 'gitlabActivity.catchUp.muteProject',
  subscriptionsRefresh: 'gitlabActivity.subscriptions.refresh',
  subscriptionsLoadMore: 'gitlabActivity.subscriptions.loadMore',
  subscriptionsOpen: 'gitlabActivity.subscriptions.open',
  subscriptionsUnsubscribe: 'gitlabActivity.subscriptions.unsubscribe',
  subscriptionsUnsubscribeAllClosed: 'gitlabActivity.subscriptions.unsubscribeAllClosed',
  subscriptionsFilter: 'gitlabActivity.subscriptions.filter',
  subscriptionsClearFilters: 'gitlabActivity.subscriptions.clearFilters',
} as const;

/** The scheme of the read-only documents the extension opens (the Markdown copy, an event's details). */
export const DOCUMENT_SCHEME = 'gitlab-activity';

export const VIEW_CONTAINER = 'gitlabActivity';
export const VIEWS = { activity: 'gitlabActivity.activity', todos: 'gitlabActivity.todos', subscriptions: 'gitlabActivity.subscriptions', catchUp: 'gitlabActivity.catchUp' } as const;
/** The settings editor's webview view type; package.json declares `onWebviewPanel:` + this for restoring it. */
export const WEBVIEWS = { notificationSettings: 'gitlabActivity.notificationSettings' } as const;
export const STATUS_BAR_ITEMS = { notificationLevel: 'gitlabActivity.notificationLevel' } as const;

export const CONTEXT_KEYS = {
  signedIn: 'gitlabActivity.signedIn',
  filtered: 'gitlabActivity.filtered',
  hasUnread: 'gitlabActivity.hasUnread',
  /** Which To-Do list the view shows: `pending`, `snoozed` or `done`. */
  todosList: 'gitlabActivity.todos.list',
  /** The To-Do view's list is narrowed by a reason, a project or group, or a type. */
  todosFiltered: 'gitlabActivity.todos.filtered',
  /** Some signed-in instance's GitLab can snooze to-dos (17.4+, with GraphQL). */
  todosCanSnooze: 'gitlabActivity.todos.canSnooze',
  /** Every signed-in instance answered that it has no To-Do List (404 on `/todos`): the view's title bar offers nothing. */
  todosNoList: 'gitlabActivity.todos.noList',
  /** The Subscriptions view is narrowed by kind, state, or a project or group. */
  subscriptionsFiltered: 'gitlabActivity.subscriptions.filtered',
} as const;

/** Keys of what the extension keeps in VS Code's global and workspace state. */
export const STATE_KEYS = {
  envTokenSignedOut: 'gitlabActivity.envTokenSignedOut',
  /**
   * The instances signed in to through the sign-in flow: URL, username and GitLab user id (the account); their tokens
   * are in SecretStorage.
   */
  instances: 'gitlabActivity.instances',
  /** The instance and GitLab user id last found for the environment's token (checked again at each start). */
  environmentUser: 'gitlabActivity.environmentUser',
  filter: 'gitlabActivity.filter',
  /** Workspace state: the To-Do view's list and filter. */
  todoFilter: 'gitlabActivity.todoFilter',
  /** Workspace state: the Subscriptions view's filter. */
  subscriptionFilter: 'gitlabActivity.subscriptionFilter',
  /** Global state: per account (`accountKey`) and source, the newest event marked as seen (unread marks). */
  seen: 'gitlabActivity.seen',
  /** Global state: per account (`accountKey`) and thing, what of it was marked seen in the Catch Up view. */
  catchUpSeen: 'gitlabActivity.catchUpSeen',
  catchUpFilter: 'gitlabActivity.catchUpFilter',
  /** Global state: the first page of each Activity list as last shown, per account, to show at once next time. */
  earlierPages: 'gitlabActivity.earlierPages',
  /** Followed by `:<account>:<scope key>`: the level a mute left, for Unmute. */
  levelBeforeMute: 'gitlabActivity.levelBeforeMute',
  /** Followed by `:<account>`: the snoozes that account made. */
  snoozes: 'gitlabActivity.snoozes',
  /** In SecretStorage, followed by `:<instance>`: the token of that instance. */
  token: 'gitlabActivity.token',
} as const;

/** The URI scheme of unread event rows: their decoration (a dot in the theme's colour) comes from it. */
export const UNREAD_SCHEME = 'gitlab-activity-unread';
/** The colour of the unread dot, contributed in package.json. */
export const UNREAD_COLOR = 'gitlabActivity.unreadForeground';
/** The authentication provider that lists each signed-in instance in VS Code's Accounts menu. */
export const AUTH_PROVIDER = { id: 'gitlabActivity', label: 'GitLab Activity' } as const;

export const SETTINGS_SECTION = 'gitlabActivity';
/** Keys relative to the `gitlabActivity` section. */
export const SETTINGS = {
  instanceUrl: 'instanceUrl',
  projects: 'projects',
  users: 'users',
  groups: 'groups',
  pageSize: 'pageSize',
  pollInterval: 'pollInterval',
  statusBarScope: 'statusBar.scope',
  requestTimeout: 'requestTimeout',
  proxy: 'proxy',
  caFile: 'caFile',
  ignoreCertificateErrors: 'ignoreCertificateErrors',
  /** The reasons (GitLab's action names) whose new to-dos show a notification; empty: none. */
  todosNotifyFor: 'todos.notifyFor',
  /** New-to-do notifications show at any hour, not only within the working hours set in GitLab. */
  todosIgnoreWorkingHours: 'todos.ignoreWorkingHours',
  /** The Catch Up view's first look at a thing never marked seen covers this many days. */
  catchUpWindowDays: 'catchUp.windowDays',
} as const;

/** Environment variable that may supply a token (remote and test setups). */
export const TOKEN_ENV_VAR = 'GITLAB_ACTIVITY_TOKEN';
/** The instance the environment token belongs to: without it the token is not used. */
export const INSTANCE_ENV_VAR = 'GITLAB_ACTIVITY_INSTANCE_URL';
/**
 * Tests of the real workbench only: a file holding `{"offsetMs": n}` that moves the snooze clock ahead of the system's.
 * Read only by the composition root, and only when the environment names it.
 */
export const TEST_CLOCK_ENV_VAR = 'GITLAB_ACTIVITY_TEST_CLOCK_FILE';
/**
 * Tests of the real workbench only: a lower floor (1–30 s) for `gitlabActivity.pollInterval`, so a test of the checks
 * need not wait 30 s for each. Read only by the settings reader, and only when the environment names it.
 */
export const TEST_POLL_FLOOR_ENV_VAR = 'GITLAB_ACTIVITY_TEST_POLL_FLOOR';
export const OUTPUT_CHANNEL_NAME = 'GitLab Activity';
