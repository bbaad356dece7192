/** A tiny element builder: the popup and the options page are plain DOM (no framework to load). */
type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'className') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Element, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child);
  }
}

/** Replaces what `root` shows and moves focus to `focus` (or the view's heading), for keyboard and screen-reader users. */
export function show(root: HTMLElement, view: HTMLElement, focus?: HTMLElement | null): void {
  root.replaceChildren(view);
  root.setAttribute('aria-busy', 'false');
  const target = focus ?? view.querySelector<HTMLElement>('h1');
  if (target) {
    if (target.localName === 'h1') target.tabIndex = -1;
    target.focus();
  }
}
