import { isInstanceUrl, normalizeInstanceUrl, sameInstance } from './instance';
import { resolveInstance, type InspectedSetting } from './settingTrust';

/**
 * The per-instance lists (projects, users, groups) name the instance of each entry:
 * `{ "instance": "https://gitlab.example.com", "id": "group/project" }`. Lists written before several instances
 * could be signed in hold bare strings; those belong to the instance the same settings layer named, and are read
 * (and rewritten) as such. Nothing is dropped: an entry that cannot be understood is kept as it is and reported.
 */

export interface InstanceEntry {
  /** The instance, spelled once (see `normalizeInstanceUrl`). */
  instance: string;
  /** ID, full path or username, as written. */
  id: string;
}

export interface ParsedInstanceList {
  entries: InstanceEntry[];
  /** Entries kept verbatim because they name no usable instance or ID. */
  unusable: unknown[];
  /** Whether writing `serializeInstanceList` back changes the stored value (bare strings, other spellings, doubles). */
  changed: boolean;
  /** One line per entry not understood, for the log. */
  problems: string[];
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Reads a list setting. Bare strings (and whole numbers, project or user IDs) belong to `legacyInstance`; objects
 * name their own. A single string instead of a list counts as a list of one.
 */
export function parseInstanceList(value: unknown, legacyInstance: string): ParsedInstanceList {
  const result: ParsedInstanceList = { entries: [], unusable: [], changed: false, problems: [] };
  if (value === undefined || value === null) return result;
  const items = Array.isArray(value) ? value : [value];
  if (!Array.isArray(value)) result.changed = true;
  const seen = new Set<string>();
  const add = (instance: string, id: string, item: unknown) => {
    const key = `${instance} ${id.toLowerCase()}`;
    if (seen.has(key)) {
      result.changed = true;
      return;
    }
    seen.add(key);
    result.entries.push({ instance, id });
    const written = item as { instance?: unknown; id?: unknown };
    if (typeof item !== 'object' || written.instance !== instance || written.id !== id) result.changed = true;
  };
  const unusable = (item: unknown, why: string) => {
    result.unusable.push(item);
    result.problems.push(`${describe(item)}: ${why}`);
  };
  for (const item of items) {
    if (typeof item === 'string') {
      // A blank string names nothing: it is the one thing not kept.
      if (item.trim() === '') result.changed = true;
      else add(normalizeInstanceUrl(legacyInstance), item.trim(), item);
    } else if (typeof item === 'number') {
      if (Number.isSafeInteger(item) && item > 0) add(normalizeInstanceUrl(legacyInstance), String(item), item);
      else unusable(item, 'not an ID');
    } else if (item && typeof item === 'object' && !Array.isArray(item)) {
      const { instance, id } = item as { instance?: unknown; id?: unknown };
      const ref = typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? String(id) : typeof id === 'string' ? id.trim() : '';
      if (typeof instance !== 'string' || !isInstanceUrl(instance)) unusable(item, '"instance" is not an http(s) URL');
      else if (ref === '') unusable(item, '"id" is not an ID, path or name');
      else add(normalizeInstanceUrl(instance), ref, item);
    } else {
      unusable(item, 'not a string or an { "instance", "id" } object');
    }
  }
  return result;
}

/** The stored form: every entry with its instance, then the entries not understood, unchanged. */
export function serializeInstanceList(list: Pick<ParsedInstanceList, 'entries' | 'unusable'>): unknown[] {
  return [...list.entries.map((entry) => ({ instance: entry.instance, id: entry.id })), ...list.unusable];
}

/** The IDs of one instance's entries. */
export function idsFor(entries: readonly InstanceEntry[], instance: string): string[] {
  return entries.filter((entry) => sameInstance(entry.instance, instance)).map((entry) => entry.id);
}

/** Adds `id` for `instance` once (an ID already there in any letter case is not added again). */
export function withEntry(entries: readonly InstanceEntry[], instance: string, id: string): InstanceEntry[] {
  const key = normalizeInstanceUrl(instance);
  if (entries.some((entry) => entry.instance === key && entry.id.toLowerCase() === id.toLowerCase())) return [...entries];
  return [...entries, { instance: key, id }];
}

/** Removes `id` of `instance` (any letter case); other instances' entries stay. */
export function withoutEntry(entries: readonly InstanceEntry[], instance: string, id: string): InstanceEntry[] {
  const key = normalizeInstanceUrl(instance);
  return entries.filter((entry) => entry.instance !== key || entry.id.toLowerCase() !== id.toLowerCase());
}

export type SettingsLayer = 'folder' | 'workspace' | 'user' | 'default';

/**
 * The instance bare entries of a layer belong to: the instance that layer (or, where it names none, the layers
 * under it) named when they were written.
 */
export function legacyInstanceOf(layer: SettingsLayer, instance: InspectedSetting<unknown> | undefined, envInstance: string | undefined): string {
  const below: InspectedSetting<unknown> = { defaultValue: instance?.defaultValue };
  if (layer !== 'default') below.globalValue = instance?.globalValue;
  if (layer === 'workspace' || layer === 'folder') below.workspaceValue = instance?.workspaceValue;
  if (layer === 'folder') below.workspaceFolderValue = instance?.workspaceFolderValue;
  return resolveInstance(below, layer === 'default' ? undefined : envInstance).url;
}

/**
 * Entries of a list setting read for use at most. Each project entry is a lookup and a feed; a workspace's list (a
 * file in the repository, read in Restricted Mode too) may hold thousands. The rest is not read, and said once in the
 * log. Adding to or removing from a list still reads and writes it whole (`parseInstanceList`): nothing is lost.
 */
export const MAX_LIST_ENTRIES = 200;

export interface EffectiveInstanceList extends ParsedInstanceList {
  /** The layer the list in effect comes from. */
  layer: SettingsLayer;
  /** Items of that layer's list past `MAX_LIST_ENTRIES`, not read. */
  notRead: number;
}

/**
 * The list in effect (the most specific layer that sets it, as VS Code reads it), each entry with its instance: its
 * first `max` items only.
 */
export function effectiveInstanceList(
  list: InspectedSetting<unknown> | undefined, instance: InspectedSetting<unknown> | undefined, envInstance: string | undefined,
  max = MAX_LIST_ENTRIES,
): EffectiveInstanceList {
  const layers: Array<[SettingsLayer, unknown]> = [
    ['folder', list?.workspaceFolderValue], ['workspace', list?.workspaceValue], ['user', list?.globalValue], ['default', list?.defaultValue],
  ];
  const [layer, value] = layers.find(([, v]) => v !== undefined) ?? ['default', undefined];
  const notRead = Array.isArray(value) ? Math.max(0, value.length - max) : 0;
  const read = Array.isArray(value) && notRead > 0 ? value.slice(0, max) : value;
  return { ...parseInstanceList(read, legacyInstanceOf(layer, instance, envInstance)), layer, notRead };
}

/** The log's line for a list cut at its bound, or undefined when the whole list was read. */
export function listBoundNote(key: string, list: Pick<EffectiveInstanceList, 'layer' | 'notRead'>, max = MAX_LIST_ENTRIES): string | undefined {
  if (list.notRead === 0) return undefined;
  return `gitlabActivity.${key} (${list.layer} settings): only the first ${max} entries are read; the ${list.notRead} after them are not.`;
}

/** One edit of one instance's entries from the UI. */
export type ListEdit = { add: string } | { remove: string };

/** What to write: one layer's whole new value (the other layers are not touched). */
export interface ListWrite {
  layer: 'workspace' | 'user';
  value: unknown[];
}

export interface ListLayers {
  /** `inspect()` of the list setting. */
  list: InspectedSetting<unknown> | undefined;
  /** `inspect()` of the instance URL setting: which instance the bare entries of each layer belong to. */
  instance: InspectedSetting<unknown> | undefined;
  envInstance: string | undefined;
  /** Whether a folder or workspace is open (else there is no workspace layer to write). */
  inWorkspace: boolean;
}

function holds(entries: readonly InstanceEntry[], instanceUrl: string, id: string): boolean {
  return idsFor(entries, instanceUrl).some((entry) => entry.toLowerCase() === id.toLowerCase());
}

/**
 * Where an edit from the UI goes, and that layer's new value; undefined when nothing changes.
 *
 * A repository's `.vscode/settings.json` is committed, so nothing of the user's own settings may be written there:
 * an addition goes to the user's settings, unless the workspace already has a list of its own, which then gets it
 * (that list is the one in effect there, VS Code reading the most specific layer: an entry added to the user's list
 * would not show). Starting a workspace list with the one new entry was the other way out; it would hide all the
 * user's other entries in that workspace from then on. A removal edits the layer that holds the entry: the one in
 * effect, else the user's.
 *
 * The layer written is migrated on the way (bare entries get the instance that layer named; entries not understood
 * are written back unchanged), except that a workspace that names no instance of its own keeps that instance's
 * entries bare: writing them out would put the user's instance URL into the repository.
 */
export function planListEdit(layers: ListLayers, instanceUrl: string, edit: ListEdit): ListWrite | undefined {
  const { list, instance, envInstance, inWorkspace } = layers;
  const workspaceHasList = inWorkspace && list?.workspaceValue !== undefined;
  const read = (layer: 'workspace' | 'user') => {
    const legacy = legacyInstanceOf(layer, instance, envInstance);
    return { layer, legacy, parsed: parseInstanceList(layer === 'workspace' ? list?.workspaceValue : list?.globalValue, legacy) };
  };
  const inEffect = read(workspaceHasList ? 'workspace' : 'user');
  let target = inEffect;
  let entries: InstanceEntry[];
  if ('add' in edit) {
    if (holds(inEffect.parsed.entries, instanceUrl, edit.add)) return undefined;
    entries = withEntry(inEffect.parsed.entries, instanceUrl, edit.add);
  } else {
    if (!holds(target.parsed.entries, instanceUrl, edit.remove) && target.layer === 'workspace') target = read('user');
    if (!holds(target.parsed.entries, instanceUrl, edit.remove)) return undefined;
    entries = withoutEntry(target.parsed.entries, instanceUrl, edit.remove);
  }
  const namesOwnInstance = typeof instance?.workspaceValue === 'string' && instance.workspaceValue.trim() !== '';
  if (target.layer !== 'workspace' || namesOwnInstance) {
    return { layer: target.layer, value: serializeInstanceList({ entries, unusable: target.parsed.unusable }) };
  }
  // Entries that were bare (and the one added) stay bare when they belong to the instance bare entries mean here.
  const legacy = normalizeInstanceUrl(target.legacy);
  const raw = list?.workspaceValue;
  const bare = new Set((Array.isArray(raw) ? raw : [raw]).filter((item) => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim().toLowerCase()));
  if ('add' in edit) bare.add(edit.add.trim().toLowerCase());
  const written = entries.map((entry) => (entry.instance === legacy && bare.has(entry.id.toLowerCase()) ? entry.id : { instance: entry.instance, id: entry.id }));
  return { layer: 'workspace', value: [...written, ...target.parsed.unusable] };
}
