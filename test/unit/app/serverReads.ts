/**
 * What servers may read as a URL's path, one entry per decoding (0, 1, 2… until nothing changes), each with and without
 * a decoded `?` or `#` ending it. An oracle of its own for the containment checks: ASCII escapes decoded with
 * `decodeURIComponent`, dot segments resolved by the URL parser, characters the parser would drop kept escaped.
 */
export function serverReads(pathname: string, origin: string): Array<{ full: string; cut: string }> {
  const reads: Array<{ full: string; cut: string }> = [];
  const keep = (value: string): string => value.replace(/[\u0000-\u0020\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  let text = pathname;
  for (let round = 0; round < 10; round++) {
    reads.push({
      full: new URL(`${origin}${keep(text).replace(/[?#]/g, (c) => encodeURIComponent(c))}`).pathname,
      cut: new URL(`${origin}${keep(text.replace(/[?#][^]*$/, ''))}`).pathname,
    });
    const next = text.replace(/%[0-7][0-9a-f]/gi, (escape) => decodeURIComponent(escape));
    if (next === text) break;
    text = next;
  }
  return reads;
}

/** The reads of `url` that are not `root` or under it, read with as many decodings (empty when it stays inside). */
export function readsOutside(url: URL, root: string, rootMayBeEqual = false): string[] {
  const rootReads = serverReads(root.replace(/\/+$/, ''), url.origin);
  return serverReads(url.pathname, url.origin).flatMap((read, index) => {
    const base = rootReads[Math.min(index, rootReads.length - 1)];
    const inside = (path: string, rootPath: string, equalOk: boolean): boolean =>
      (equalOk && path === rootPath) || path.startsWith(`${rootPath.replace(/\/$/, '')}/`);
    return [
      ...(inside(read.full, base.full, rootMayBeEqual) ? [] : [read.full]),
      ...(inside(read.cut, base.cut, true) ? [] : [`${read.cut} (ended by ? or #)`]),
    ];
  });
}
