import { SettingsApp, type VsCodeApi } from './app';

declare function acquireVsCodeApi(): VsCodeApi;

const root = document.getElementById('app');
if (root) new SettingsApp(root, acquireVsCodeApi()).start();
