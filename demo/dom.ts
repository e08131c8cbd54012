/**
 * The demo's only way to make DOM: elements with text set through `textContent`. Document
 * content is user data and may contain markup; it must never reach an HTML parser, so there
 * is no `innerHTML` anywhere in the demo.
 */

/** Attributes and properties {@link el} understands. */
export interface ElOptions {
  class?: string;
  text?: string;
  attrs?: Record<string, string | number | boolean | undefined>;
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
}

/** Child of {@link el}: a node, a string (becomes a text node) or nothing. */
export type Child = Node | string | null | undefined | false;

/** Creates an HTML element; strings among `children` become text nodes, never markup. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, options: ElOptions = {}, children: Child[] = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.class) node.className = options.class;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [name, value] of Object.entries(options.attrs ?? {})) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [type, listener] of Object.entries(options.on ?? {})) {
    node.addEventListener(type, listener as EventListener);
  }
  append(node, children);
  return node;
}

/** Appends children, turning strings into text nodes. */
export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element (SVG needs its namespace; `createElement` would make an inert HTML element). */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, children: Child[] = []): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  append(node, children);
  return node;
}

/** Looks up an element the page must have; a missing one is a bug in `index.html`. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`index.html lacks #${id}`);
  return node as T;
}

/** Removes every child, without going through the HTML parser. */
export function clear(node: Node): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}
