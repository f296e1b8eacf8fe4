/**
 * Builds elements without HTML strings: text goes in as text nodes and attributes through setAttribute, so
 * nothing from GitLab (names, messages, keys) can become markup.
 */
export type Child = Node | string | null | undefined | false;

export interface Props {
  id?: string;
  className?: string;
  /** data-* attributes, without the `data-` prefix (camelCase is turned into kebab-case by the browser). */
  data?: Record<string, string>;
  attrs?: Record<string, string>;
  hidden?: boolean;
  disabled?: boolean;
  title?: string;
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.id !== undefined) element.id = props.id;
  if (props.className !== undefined) element.className = props.className;
  if (props.title !== undefined) element.title = props.title;
  if (props.hidden) element.hidden = true;
  if (props.disabled) element.setAttribute('disabled', '');
  for (const [name, value] of Object.entries(props.data ?? {})) element.dataset[name] = value;
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const [type, listener] of Object.entries(props.on ?? {})) element.addEventListener(type, listener as EventListener);
  append(element, children);
  return element;
}

function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces an element's content, keeping the focused control (by id), its caret and the scroll positions. */
export function replaceContent(container: HTMLElement, children: readonly Child[]): void {
  const active = document.activeElement instanceof HTMLElement && container.contains(document.activeElement) ? document.activeElement : undefined;
  // Null where the input has no caret (checkboxes, e-mail fields).
  const caret = active instanceof HTMLInputElement ? [active.selectionStart, active.selectionEnd] as const : undefined;
  const scrolled = Array.from(container.querySelectorAll<HTMLElement>('[data-keep-scroll]')).map((element) => [element.id, element.scrollTop] as const);
  container.replaceChildren();
  append(container, children);
  for (const [id, top] of scrolled) {
    const element = id ? document.getElementById(id) : null;
    if (element) element.scrollTop = top;
  }
  const again = active?.id ? document.getElementById(active.id) : null;
  again?.focus();
  if (again instanceof HTMLInputElement && caret?.[0] != null) again.setSelectionRange(caret[0], caret[1]);
}

/** A button that does not submit a form. */
export function button(props: Props, text: string, click: () => void): HTMLButtonElement {
  return h('button', { ...props, attrs: { type: 'button', ...props.attrs }, on: { click } }, text);
}

export function option(value: string, label: string, selected: boolean, title?: string): HTMLOptionElement {
  const element = h('option', { attrs: { value }, title }, label);
  element.selected = selected;
  return element;
}

/** A text input whose value is set as a property (never parsed as markup). */
export function valueInput(
  id: string, value: string, attrs: Record<string, string>, disabled: boolean, onInput: (value: string) => void,
): HTMLInputElement {
  const input = h('input', { id, disabled, attrs, on: { input: (event) => onInput((event.target as HTMLInputElement).value) } });
  input.value = value;
  return input;
}
