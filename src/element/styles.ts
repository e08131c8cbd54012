/**
 * The element's styles, adopted as a constructable stylesheet: no `<style>` element and no
 * `style` attribute, so a page whose policy is `style-src 'self'` (no `unsafe-inline`) renders
 * it. Every colour, size and font is a CSS custom property a host page can set on the element;
 * `::part(...)` names the pieces for anything else.
 */
const CSS = `
:host {
  --almanac-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --almanac-fg: #1b1f24;
  --almanac-bg: #ffffff;
  --almanac-muted: #57606a;
  --almanac-border: #d0d7de;
  --almanac-accent: #0b5cad;
  --almanac-active-bg: #eaf2fb;
  --almanac-mark-bg: #fff2a8;
  --almanac-mark-fg: inherit;
  --almanac-error: #b42318;
  --almanac-radius: 8px;
  --almanac-max-height: min(70vh, 36rem);
  display: block;
  box-sizing: border-box;
  max-width: 100%;
  font-family: var(--almanac-font);
  color: var(--almanac-fg);
  background: var(--almanac-bg);
  border-radius: var(--almanac-radius);
}
@media (prefers-color-scheme: dark) {
  :host {
    --almanac-fg: #e6edf3;
    --almanac-bg: #0d1117;
    --almanac-muted: #9198a1;
    --almanac-border: #3d444d;
    --almanac-accent: #58a6ff;
    --almanac-active-bg: #1f2a37;
    --almanac-mark-bg: #5a4a00;
    --almanac-error: #ff7b72;
  }
}
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: inherit; }
.box { position: relative; padding: 0.5rem; border: 1px solid var(--almanac-border); border-radius: var(--almanac-radius); }
.box.dragging { border-style: dashed; border-color: var(--almanac-accent); }
form { display: flex; gap: 0.5rem; align-items: center; }
input[type="search"] {
  flex: 1 1 auto; min-width: 0; min-height: 44px; padding: 0.5rem 0.75rem;
  /* 16px or more: phones do not zoom into the field. */
  font: inherit; font-size: max(1rem, 16px);
  color: inherit; background: transparent;
  border: 1px solid var(--almanac-border); border-radius: calc(var(--almanac-radius) - 2px);
}
input[type="search"]:focus-visible, button:focus-visible { outline: 2px solid var(--almanac-accent); outline-offset: 1px; }
button {
  min-height: 44px; padding: 0.4rem 0.75rem; font: inherit; cursor: pointer;
  color: var(--almanac-accent); background: transparent;
  border: 1px solid var(--almanac-border); border-radius: calc(var(--almanac-radius) - 2px);
}
.kbd { color: var(--almanac-muted); font-size: 0.8em; white-space: nowrap; }
@media (max-width: 480px) { .kbd { display: none; } }
.status { margin: 0.4rem 0.25rem 0; font-size: 0.875rem; color: var(--almanac-muted); }
.status.error { color: var(--almanac-error); }
.constraint { margin: 0.4rem 0.25rem 0; font-size: 0.875rem; }
ul[role="listbox"] {
  list-style: none; margin: 0.5rem 0 0; padding: 0; max-height: var(--almanac-max-height);
  overflow-y: auto; overscroll-behavior: contain;
}
ul[role="listbox"][hidden] { display: none; }
li[role="option"] {
  padding: 0.5rem 0.6rem; border-radius: calc(var(--almanac-radius) - 2px); cursor: pointer;
  overflow-wrap: anywhere;
}
li[role="option"] + li[role="option"] { border-top: 1px solid var(--almanac-border); }
li[role="option"][aria-selected="true"] { background: var(--almanac-active-bg); }
.title { font-weight: 600; }
.where { color: var(--almanac-muted); font-size: 0.8rem; }
.text { margin-top: 0.2rem; font-size: 0.925rem; line-height: 1.4; white-space: pre-wrap; }
mark { background: var(--almanac-mark-bg); color: var(--almanac-mark-fg); border-radius: 2px; }
.cells { margin: 0.3rem 0 0; padding-left: 1.1rem; font-size: 0.875rem; }
.when { font-size: 0.8rem; color: var(--almanac-muted); }
.empty { color: var(--almanac-muted); padding: 0.5rem 0.6rem; }
/* The answer card (demo/answer-card.ts builds it; these are its rules inside the shadow root). */
.answer-card { margin: 0.5rem 0 0; padding: 0.5rem 0.75rem; border: 1px solid var(--almanac-border); border-left: 4px solid var(--almanac-accent); border-radius: calc(var(--almanac-radius) - 2px); min-width: 0; overflow-wrap: anywhere; }
.answer-card[hidden] { display: none; }
.answer-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 0.75rem; }
.answer-card h3 { margin: 0; font-size: 0.9rem; }
.answer-kind, .answer-read-as, .hint, .label { color: var(--almanac-muted); font-size: 0.8rem; }
.answer-text { margin: 0.3rem 0; font-size: 1.15rem; font-weight: 600; white-space: pre-wrap; }
.answer-card[data-streaming="true"] .answer-text { font-size: 1rem; font-weight: 400; }
.answer-calculation { font-family: ui-monospace, monospace; font-size: 0.85rem; overflow-x: auto; }
.warning, .error { color: var(--almanac-error); font-size: 0.85rem; }
.citations { margin: 0.2rem 0; padding-left: 1.2rem; font-size: 0.875rem; }
.more-citations > summary { cursor: pointer; padding: 0.7rem 0; font-size: 0.875rem; }
button.citation { min-height: 32px; padding: 0.2rem 0.3rem; border: none; text-align: left; text-decoration: underline; }
button.citation[aria-expanded="true"] { font-weight: 600; }
.citation-passage { margin: 0.25rem 0; padding: 0.4rem 0.6rem; border-left: 3px solid var(--almanac-border); max-height: 14rem; overflow: auto; white-space: pre-wrap; font-size: 0.875rem; }
.cited-sentence { background: var(--almanac-mark-bg); color: var(--almanac-mark-fg); }
.answer-span { text-decoration: underline; }
.table-scroll { overflow-x: auto; max-width: 100%; font-size: 0.85rem; }
table.grid { border-collapse: collapse; }
table.grid caption { text-align: left; color: var(--almanac-muted); caption-side: top; }
table.grid th, table.grid td { border: 1px solid var(--almanac-border); padding: 0.15rem 0.4rem; text-align: left; vertical-align: top; }
table.grid td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
table.grid .cell-hit, table.grid .cell-header-path { background: var(--almanac-active-bg); }
table.grid .cell-match { font-weight: 700; outline: 2px solid var(--almanac-accent); outline-offset: -2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

let sheet: CSSStyleSheet | undefined;

/** The one stylesheet every `<almanac-search>` on the page adopts. */
export function elementStyles(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}
