export type { EventSource, GitLabApi } from './api';
export { GitLabClient } from './client';
export { createDispatcher, type NetworkOptions } from './dispatcher';
export { GitLabError, isGitLabError, type GitLabErrorKind } from './errors';
export { redact } from './redact';
export { dateProblem, filterProblems, validateFilter } from './filter';
export type { RequestLogEntry } from './request';
export { Transport, type TransportOptions } from './transport';
export * from './types';
