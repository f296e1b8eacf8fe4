import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { LoggedRequest } from '../../double';

/** Named texts to search for a secret: where it would have leaked to, and what was there. */
export type Places = Record<string, string>;

/** The names of the places whose text holds `secret`. */
export function placesHolding(places: Places, secret: string): string[] {
  return Object.entries(places).filter(([, text]) => text.includes(secret)).map(([name]) => name);
}

/** The HTML (text and attributes) of the page and of every frame in it: webviews' outer and inner documents. */
export async function frameDocuments(page: Page): Promise<Places> {
  const places: Places = {};
  for (const [index, frame] of page.frames().entries()) {
    const name = frame === page.mainFrame() ? 'workbench page' : `frame ${index} (${frame.url().slice(0, 80)})`;
    // A frame may navigate away while it is read (a webview rebuilt); what it held then is gone with it.
    places[name] = await frame.content().catch(() => '');
  }
  return places;
}

/**
 * Everything the workbench page keeps in the browser: localStorage and every IndexedDB store (where the web
 * workbench persists its state, webviews' saved state included). Binary values are read as UTF-8.
 */
export async function browserStorage(page: Page): Promise<Places> {
  // A string, not a function: the test build would wrap named helpers, which do not exist in the page.
  const dump = `(async () => {
    const places = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      places['localStorage ' + key] = localStorage.getItem(key) ?? '';
    }
    const text = (value) => {
      if (value instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(value));
      if (ArrayBuffer.isView(value)) return new TextDecoder().decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      if (typeof value === 'string') return value;
      try { return JSON.stringify(value); } catch { return String(value); }
    };
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open(info.name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const [keys, values] = await Promise.all(['getAllKeys', 'getAll'].map((method) => new Promise((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store)[method]();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        })));
        keys.forEach((key, index) => { places['indexedDB ' + info.name + '/' + store + '/' + text(key)] = text(values[index]); });
      }
      db.close();
    }
    return places;
  })()`;
  return (await page.evaluate(dump)) as Places;
}

/** The files under `dir` (recursively) whose bytes hold `secret`, as paths relative to `dir`. */
export function filesHolding(dir: string, secret: string): string[] {
  const needle = Buffer.from(secret, 'utf8');
  const found: string[] = [];
  const visit = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) visit(full);
      // Files vanish and appear while the workbench runs (locks, temporary files): skip those that went.
      else if (entry.isFile() && statSafe(full) && readSafe(full).includes(needle)) found.push(path.relative(dir, full));
    }
  };
  visit(dir);
  return found;
}

function statSafe(file: string): boolean {
  try {
    return statSync(file).size < 64 * 1024 * 1024;
  } catch {
    return false;
  }
}

function readSafe(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
}

/** Every part of a request the double logged that a URL or body carries: path, query names and values, body. */
export function requestText(request: LoggedRequest): string {
  return [request.rawPath, request.path, ...Object.entries(request.query).flat(), request.body ?? ''].join('\n');
}
