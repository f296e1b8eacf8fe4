/**
 * Keyboard moves in a list that is a single tab stop (a "roving tabindex"): the settings page's scope list. Only the
 * option that holds the tab stop is reached with Tab; the arrow keys, Home, End and typed letters move between options.
 */

/**
 * Which option holds the tab stop: the one focused last while it is still listed, else the selected one, else the
 * first. Undefined for an empty list.
 */
export function tabStopKey(keys: readonly string[], focused: string | undefined, selected: string | undefined): string | undefined {
  if (focused !== undefined && keys.includes(focused)) return focused;
  if (selected !== undefined && keys.includes(selected)) return selected;
  return keys[0];
}

/**
 * Where a key press moves the focus from `current`: ArrowDown and ArrowUp to the next and previous option (stopping at
 * the ends, as a list box does), Home and End to the first and last. Undefined for any other key, and for an empty list.
 */
export function movedKey(keys: readonly string[], current: string | undefined, key: string): string | undefined {
  if (keys.length === 0) return undefined;
  const index = current === undefined ? -1 : keys.indexOf(current);
  switch (key) {
    case 'ArrowDown': return keys[index < 0 ? 0 : Math.min(index + 1, keys.length - 1)];
    case 'ArrowUp': return keys[index < 0 ? keys.length - 1 : Math.max(index - 1, 0)];
    case 'Home': return keys[0];
    case 'End': return keys[keys.length - 1];
    default: return undefined;
  }
}

/**
 * Type-ahead: the option whose label starts with `typed` (letters typed in quick succession, any case), searching
 * after `current` for a first letter (so the same letter again steps through the matches) and from `current` for a
 * longer prefix, round to the start. Undefined when no label matches.
 */
export function typedKey(options: ReadonlyArray<{ key: string; label: string }>, current: string | undefined, typed: string): string | undefined {
  const prefix = typed.toLocaleLowerCase();
  if (prefix === '' || options.length === 0) return undefined;
  const index = options.findIndex((option) => option.key === current);
  const start = typed.length === 1 ? index + 1 : Math.max(index, 0);
  for (let step = 0; step < options.length; step++) {
    const option = options[(start + step) % options.length];
    if (option.label.toLocaleLowerCase().startsWith(prefix)) return option.key;
  }
  return undefined;
}
