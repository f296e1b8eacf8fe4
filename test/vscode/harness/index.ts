export {
  countedEvents, dayCount, expectedDays, feedUnder, isSettled, loadMore, showsDays, stateLabels, waitForFeedFromDouble, type FeedView,
} from './activity-tree';
export { slug } from './artifacts';
export { pickFilter } from './activity-filters';
export {
  assertNoExtensionRequest, extensionRequests, isEventsRequest, mergedEventsFromDouble, readFromDouble, waitForExtensionRequest,
} from './double-reads';
export { firstTreeRowDrawnAt } from './first-row-clock';
export { gitCloneFiles } from './git-clone';
export { mutatedTodos, mutationsOf, type SentMutation } from './graphql-mutations';
export { InHostReportReceiver, type InHostReport, type InHostTest } from './in-host-report';
export { parseLogLines, type LogLine } from './log-lines';
export { RecordingProxy, type ProxiedRequest } from './recording-proxy';
export { readRunContext, type RunContext } from './run-context';
export { runningExtensionHost } from './running-extensions';
export {
  defaultSettings, EXTENSION_ID, LOG_CHANNEL, RESTORED, VscodeSession, webHostSettings, type ExtensionHostKind, type RunningDouble,
  type VscodeSessionOptions,
} from './session';
export { signInThroughFlow } from './sign-in';
export { TestClock } from './test-clock';
export { chooseTodoList, markRowDone, openTodoList, type TodoListName } from './todo-lists';
export { escapeRegExp } from './tree-rows';
export { useSignedInSession, useSignedInSessionOfPages, useVscodeSession } from './use-session';
export { waitFor } from './wait-for';
export { ACTIVITY_VIEW, TODO_VIEW, VIEW_CONTAINER, Workbench, type QuickPickEntry, type StatusBarItem, type TreeItemView } from './workbench';
export { labelStartShown, setSideBarWidth } from './side-bar-width';
