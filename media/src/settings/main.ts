import { SettingsApp } from './app';
import { getVsCodeApi } from './vscodeApi';

const root = document.getElementById('app');
if (root) new SettingsApp(root, getVsCodeApi()).start();
