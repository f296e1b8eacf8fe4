export { slug } from './artifacts';
export { InHostReportReceiver, type InHostReport, type InHostTest } from './in-host-report';
export { readRunContext, type RunContext } from './run-context';
export { defaultSettings, EXTENSION_ID, LOG_CHANNEL, VscodeSession, type RunningDouble, type VscodeSessionOptions } from './session';
export { useVscodeSession } from './use-session';
export { waitFor } from './wait-for';
export { Workbench, type StatusBarItem } from './workbench';
