import type { Page } from 'playwright-core';

/**
 * The browser workbench's log files. VS Code in a browser writes its logs, those of the web worker extension host and
 * its extensions' log output channels included, to the `vscode-log:` file system, which it keeps in the page's
 * IndexedDB: database `vscode-web-db`, store `vscode-logs-store`, one record per file, keyed by its path
 * (`/<window start>/window1/exthost/<publisher.name>/<channel>.log`), its content the file's bytes. Each window (each
 * load of the page) starts a folder of its own; the records outlive a reload, as the browser context keeps its storage.
 * Nothing of this reaches the server's `logs` folder, where the Node host's logs are.
 */
export interface BrowserLogFile {
  /** The file's path in the `vscode-log:` file system. */
  path: string;
  text: string;
}

const DATABASE = 'vscode-web-db';
const STORE = 'vscode-logs-store';

/**
 * Every log file the workbench has stored in this browser context, oldest window first. The workbench writes a file
 * a moment after its logger is told a line: a line may show here shortly after it was logged, never before.
 */
export async function readBrowserLogFiles(page: Page): Promise<BrowserLogFile[]> {
  // A string, not a function: the test build would wrap named helpers, which do not exist in the page.
  const read = `(async () => {
    if (!(await indexedDB.databases()).some((info) => info.name === ${JSON.stringify(DATABASE)})) return [];
    const db = await new Promise((resolve, reject) => {
      const request = indexedDB.open(${JSON.stringify(DATABASE)});
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains(${JSON.stringify(STORE)})) return [];
      const store = db.transaction(${JSON.stringify(STORE)}, 'readonly').objectStore(${JSON.stringify(STORE)});
      const [keys, values] = await Promise.all(['getAllKeys', 'getAll'].map((method) => new Promise((resolve, reject) => {
        const request = store[method]();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      })));
      const decoder = new TextDecoder();
      return keys.map((key, index) => {
        const value = values[index];
        const text = typeof value === 'string' ? value
          : value instanceof ArrayBuffer ? decoder.decode(new Uint8Array(value))
          : ArrayBuffer.isView(value) ? decoder.decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
          : '';
        return { path: String(key), text };
      });
    } finally {
      db.close();
    }
  })()`;
  const files = (await page.evaluate(read)) as BrowserLogFile[];
  // The window folders are named by their start time (20261129T030512), so their order is the windows'.
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The extension's log output channel files among them: under its identifier's folder, or named by the channel. */
export function isExtensionLogFile(file: BrowserLogFile, extensionId: string, channelName: string): boolean {
  return file.path.split('/').includes(extensionId) || file.path.endsWith(`/${channelName}.log`);
}

/** The browser's extension host logs, where the web worker's activation errors and crashes are written. */
export function isBrowserHostLogFile(file: BrowserLogFile): boolean {
  return /(?:exthost|webWorker|worker)[^/]*\.log$/i.test(file.path) || /\/window\d*\.log$/.test(file.path);
}
