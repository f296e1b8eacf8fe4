import type { NotificationSetting, Scope } from '../../gitlab/types';

export type SettingChangeListener = (scope: Scope, setting: NotificationSetting) => void;

/** Tells every surface (status bar, settings editor) that a scope's setting changed, whoever changed it. */
export class SettingChanges {
  private readonly listeners = new Set<SettingChangeListener>();

  on(listener: SettingChangeListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  fire(scope: Scope, setting: NotificationSetting): void {
    for (const listener of [...this.listeners]) listener(scope, setting);
  }
}
