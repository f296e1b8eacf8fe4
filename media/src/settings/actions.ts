import type { NotificationLevel } from '../../../src/gitlab/types';

/** What the views can ask for; the app implements it. */
export interface Actions {
  selectScope(key: string): void;
  toggleBulk(key: string, selected: boolean): void;
  refreshScopes(): void;
  toggleAdd(): void;
  setAddKind(kind: 'group' | 'project'): void;
  setAddRef(ref: string): void;
  submitAdd(): void;
  setLevel(level: string): void;
  setEvent(key: string, value: boolean): void;
  resetEvent(key: string): void;
  setEmail(value: string): void;
  save(): void;
  revert(): void;
  retry(): void;
  signIn(): void;
  keepMine(): void;
  takeTheirs(): void;
  setBulkLevel(level: NotificationLevel): void;
  applyBulk(): void;
  cancelBulk(): void;
  clearBulk(): void;
}
