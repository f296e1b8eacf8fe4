/** What the mutation check knows of a protection of docs/protections.md: how to take it away, and what must then fail. */

/** One text of a source file replaced: `from` must occur exactly once (it may carry a neighbour line as its anchor). */
export interface Edit {
  file: string;
  from: string;
  to: string;
}

export interface Break {
  /** The protection, as its row in docs/protections.md begins (one row only). */
  protection: string;
  /** Which of the row's removals this is, where the row names several. */
  part?: string;
  /** Usually one edit; a protection built in layers (the git file reader) needs each layer taken away. */
  edits: Edit[];
  /**
   * How the break is caught: `unit` (the default), the unit tests of `specs` whose titles contain a part of `tests`
   * must fail; `typecheck`, `tsc` must fail with every part of `tests` among its errors (`specs` unused).
   */
  by?: 'unit' | 'typecheck';
  specs: string[];
  /** Parts of the full titles of the tests expected to fail (taken literally); for `typecheck`, parts of its errors. */
  tests: string[];
}

/** A row of docs/protections.md no break here takes away: what checks it instead, and why not a unit test. */
export interface Elsewhere {
  protection: string;
  /** `workbench`: only a test in the real workbench (test/vscode) sees it; `bench:smoke`: only that command. */
  by: 'workbench' | 'bench:smoke';
  why: string;
}

export interface Section {
  breaks: Break[];
  elsewhere: Elsewhere[];
}

export const T = 'test/unit';
export const FAULTS = `${T}/reliability/faults.test.ts`;
export const CLIENT = `${T}/gitlab/client.test.ts`;
export const PROTOCOL = `${T}/app/settings/protocol.test.ts`;
export const HANDLER = `${T}/app/settings/settingsRequestHandler.test.ts`;
export const PROPERTIES = `${T}/reliability/properties.test.ts`;
export const GIT_FILES = `${T}/node/gitFiles.test.ts`;

export const edit = (file: string, from: string, to: string): Edit => ({ file, from, to });
