/**
 * undici, loaded on first use rather than when the extension is loaded: it is most of the bundle, and activation
 * should not pay for it before the first request.
 */
let loaded: typeof import('undici') | undefined;

export function undici(): typeof import('undici') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('undici') as typeof import('undici');
  return loaded;
}
