/**
 * htmlparser2's tree rules (its `Parser`, HTML mode, as `parseHtml` runs it) over its own
 * `Tokenizer`, for a reader that only wants elements, text and the row and column spans of
 * cells. The library's `Parser` builds an attribute object for every tag, slices and
 * lower-cases every tag name twice and keeps its open elements in an array it shifts; on a
 * table-heavy page that cost as much as tokenizing. These are the same rules, event for event
 * and offset for offset (checked against the library's `Parser` on random malformed pages in
 * `test/ingest/html-tree.test.ts`), written for that reader: tag names of the table elements
 * are read without a string made for them, and of the attributes only `rowspan` and `colspan`
 * are kept. The tokenizer (entities, raw text, comments) stays the library's own.
 *
 * The rules below are adapted from htmlparser2 12.0.0 (`lib/esm/Parser.js`), under its MIT
 * license: Copyright 2010, 2011, Chris Winberry <chris@winberry.net>. All rights reserved. The
 * full notice is the package's LICENSE file (`node_modules/htmlparser2/LICENSE`), which the
 * package this file is bundled with keeps as a dependency. Keep htmlparser2 pinned: an upgrade
 * must bring its new rules here, and the test above says where they differ.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** What the tree tells its reader, as htmlparser2's `Handler` would be told. */
export interface TreeHandler {
  ontext(data: string): void;
  /** A start tag; the tree's `rowspan` and `colspan` are its attributes of those names. */
  onopentag(name: string): void;
  onclosetag(name: string): void;
  /** A comment, a CDATA section outside foreign content, a declaration or processing instruction. */
  onother(): void;
  onend(): void;
}

const FOREIGN_NONE = 0;
const FOREIGN_SVG = 1;
const FOREIGN_MATH = 2;

// htmlparser2 12.0.0's Parser.js, copied: which open elements a start tag closes, void
// elements, foreign content and its integration points, SVG's tag name case.
const formTags = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const pTag = new Set(['p']);
const headingTags = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const tableSectionTags = new Set(['thead', 'tbody']);
const ddtTags = new Set(['dd', 'dt']);
const rtpTags = new Set(['rt', 'rp']);
const openImpliesClose = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', pTag],
  ['h1', headingTags],
  ['h2', headingTags],
  ['h3', headingTags],
  ['h4', headingTags],
  ['h5', headingTags],
  ['h6', headingTags],
  ['select', formTags],
  ['input', formTags],
  ['output', formTags],
  ['button', formTags],
  ['datalist', formTags],
  ['textarea', formTags],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', ddtTags],
  ['dt', ddtTags],
  ['address', pTag],
  ['article', pTag],
  ['aside', pTag],
  ['blockquote', pTag],
  ['details', pTag],
  ['div', pTag],
  ['dl', pTag],
  ['fieldset', pTag],
  ['figcaption', pTag],
  ['figure', pTag],
  ['footer', pTag],
  ['form', pTag],
  ['header', pTag],
  ['hr', pTag],
  ['main', pTag],
  ['nav', pTag],
  ['ol', pTag],
  ['pre', pTag],
  ['section', pTag],
  ['table', pTag],
  ['ul', pTag],
  ['rt', rtpTags],
  ['rp', rtpTags],
  ['tbody', tableSectionTags],
  ['tfoot', tableSectionTags],
]);
const voidElements = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen',
  'link', 'meta', 'param', 'source', 'track', 'wbr',
]);
const foreignContextElements = new Set(['math', 'svg']);
const htmlIntegrationElements = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title']);
const svgTagNameAdjustments = new Map([
  ['altglyph', 'altGlyph'], ['altglyphdef', 'altGlyphDef'], ['altglyphitem', 'altGlyphItem'], ['animatecolor', 'animateColor'],
  ['animatemotion', 'animateMotion'], ['animatetransform', 'animateTransform'], ['clippath', 'clipPath'], ['feblend', 'feBlend'],
  ['fecolormatrix', 'feColorMatrix'], ['fecomponenttransfer', 'feComponentTransfer'], ['fecomposite', 'feComposite'],
  ['feconvolvematrix', 'feConvolveMatrix'], ['fediffuselighting', 'feDiffuseLighting'], ['fedisplacementmap', 'feDisplacementMap'],
  ['fedistantlight', 'feDistantLight'], ['fedropshadow', 'feDropShadow'], ['feflood', 'feFlood'], ['fefunca', 'feFuncA'],
  ['fefuncb', 'feFuncB'], ['fefuncg', 'feFuncG'], ['fefuncr', 'feFuncR'], ['fegaussianblur', 'feGaussianBlur'], ['feimage', 'feImage'],
  ['femerge', 'feMerge'], ['femergenode', 'feMergeNode'], ['femorphology', 'feMorphology'], ['feoffset', 'feOffset'],
  ['fepointlight', 'fePointLight'], ['fespecularlighting', 'feSpecularLighting'], ['fespotlight', 'feSpotLight'], ['fetile', 'feTile'],
  ['feturbulence', 'feTurbulence'], ['foreignobject', 'foreignObject'], ['glyphref', 'glyphRef'], ['lineargradient', 'linearGradient'],
  ['radialgradient', 'radialGradient'], ['textpath', 'textPath'],
]);

/**
 * Runs the tree rules over `html`, telling `handler`. `startIndex` and `endIndex` are, at each
 * event, the offsets htmlparser2's `Parser` has then.
 */
export class HtmlTree implements TokenizerCallbacks {
  /** The start offset of the last event. */
  startIndex = 0;
  /** The end offset (inclusive) of the last event. */
  endIndex = 0;
  /** The open tag's `rowspan` and `colspan` (the first of each name), while `onopentag` runs. */
  rowspan: string | undefined;
  colspan: string | undefined;
  private openTagStart = 0;
  private tagname = '';
  private attribname = '';
  private attribvalue = '';
  /** Whether the open tag is read (the Parser's `attribs !== null`). */
  private reading = false;
  /** Open elements, innermost last (the Parser's stack, innermost first). */
  private readonly stack: string[] = [];
  private readonly foreign: number[] = [FOREIGN_NONE];
  private readonly tokenizer: Tokenizer;

  constructor(private readonly html: string, private readonly handler: TreeHandler) {
    this.tokenizer = new Tokenizer({ decodeEntities: true }, this);
  }

  run(): void {
    if (this.html) this.tokenizer.write(this.html);
    this.tokenizer.end();
  }

  ontext(start: number, endIndex: number): void {
    const data = start === endIndex ? '' : this.html.slice(start, endIndex);
    this.endIndex = endIndex - 1;
    this.handler.ontext(data);
    this.startIndex = endIndex;
  }

  ontextentity(cp: number, endIndex: number): void {
    this.endIndex = endIndex - 1;
    this.handler.ontext(String.fromCodePoint(cp));
    this.startIndex = endIndex;
  }

  isInForeignContext(): boolean {
    return this.foreign[this.foreign.length - 1] !== FOREIGN_NONE;
  }

  private readTagName(start: number, endIndex: number): string {
    // The table's elements, the most frequent tags, without a string sliced out and lowered:
    // none of them is adjusted for SVG, nor is `image`.
    const known = knownTag(this.html, start, endIndex);
    if (known !== undefined) return known;
    const name = this.html.slice(start, endIndex).toLowerCase();
    const top = this.foreign[this.foreign.length - 1];
    if (top === FOREIGN_SVG) return svgTagNameAdjustments.get(name) ?? name;
    if (this.foreign.length > 1) {
      const adjusted = svgTagNameAdjustments.get(name);
      if (adjusted !== undefined && this.stack.includes(adjusted)) return adjusted;
    }
    if (top === FOREIGN_NONE) return name === 'image' ? 'img' : name;
    return name;
  }

  onopentagname(start: number, endIndex: number): void {
    this.endIndex = endIndex;
    this.emitOpenTag(this.readTagName(start, endIndex));
  }

  private emitOpenTag(name: string): void {
    this.openTagStart = this.startIndex;
    this.tagname = name;
    // A second `form` inside one is ignored, as the spec says.
    if (name === 'form' && this.stack.includes('form')) {
      this.tagname = '';
      return;
    }
    const impliesClose = openImpliesClose.get(name);
    if (impliesClose) {
      while (this.stack.length > 0 && impliesClose.has(this.stack[this.stack.length - 1]!)) this.popElement();
    }
    if (!voidElements.has(name)) {
      this.stack.push(name);
      if (name === 'svg') this.foreign.push(FOREIGN_SVG);
      else if (name === 'math') this.foreign.push(FOREIGN_MATH);
      else if (htmlIntegrationElements.has(name)) this.foreign.push(FOREIGN_NONE);
    }
    this.reading = true;
    this.rowspan = undefined;
    this.colspan = undefined;
  }

  private endOpenTag(): void {
    this.startIndex = this.openTagStart;
    if (this.reading) {
      this.handler.onopentag(this.tagname);
      this.reading = false;
    }
    if (voidElements.has(this.tagname)) this.handler.onclosetag(this.tagname);
    this.tagname = '';
  }

  onopentagend(endIndex: number): void {
    this.endIndex = endIndex;
    this.endOpenTag();
    this.startIndex = endIndex + 1;
  }

  onclosetag(start: number, endIndex: number): void {
    this.endIndex = endIndex;
    const name = this.readTagName(start, endIndex);
    if (!voidElements.has(name)) {
      const at = this.stack.lastIndexOf(name);
      if (at !== -1) {
        for (let n = this.stack.length - 1 - at; n > 0; n--) this.popElement();
        this.popElement();
      } else if (name === 'p') {
        // `</p>` without a `<p>` is an empty paragraph.
        this.emitOpenTag('p');
        this.closeCurrentTag();
      }
    } else if (name === 'br') {
      // `</br>` is a `<br>`.
      this.rowspan = undefined;
      this.colspan = undefined;
      this.handler.onopentag('br');
      this.handler.onclosetag('br');
    }
    this.startIndex = endIndex + 1;
  }

  onselfclosingtag(endIndex: number): void {
    this.endIndex = endIndex;
    // HTML ignores the `/` of `<td/>`; foreign content (SVG, MathML) does not.
    if (this.isInForeignContext()) {
      this.closeCurrentTag();
      this.startIndex = endIndex + 1;
    } else this.onopentagend(endIndex);
  }

  private popElement(): void {
    const element = this.stack.pop()!;
    if (foreignContextElements.has(element) || htmlIntegrationElements.has(element)) this.foreign.pop();
    this.handler.onclosetag(element);
  }

  private closeCurrentTag(): void {
    const name = this.tagname;
    this.endOpenTag();
    if (this.stack[this.stack.length - 1] === name) this.popElement();
  }

  onattribname(start: number, endIndex: number): void {
    this.startIndex = start;
    this.attribname = this.html.slice(start, endIndex).toLowerCase();
  }

  onattribdata(start: number, endIndex: number): void {
    if (start !== endIndex) this.attribvalue += this.html.slice(start, endIndex);
  }

  onattribentity(cp: number): void {
    this.attribvalue += String.fromCodePoint(cp);
  }

  onattribend(_quote: unknown, endIndex: number): void {
    this.endIndex = endIndex;
    if (this.reading) {
      if (this.attribname === 'rowspan') this.rowspan ??= this.attribvalue;
      else if (this.attribname === 'colspan') this.colspan ??= this.attribvalue;
    }
    this.attribvalue = '';
  }

  ondeclaration(_start: number, endIndex: number): void {
    this.endIndex = endIndex;
    this.handler.onother();
    this.startIndex = endIndex + 1;
  }

  onprocessinginstruction(_start: number, endIndex: number): void {
    this.endIndex = endIndex;
    this.handler.onother();
    this.startIndex = endIndex + 1;
  }

  oncomment(_start: number, endIndex: number): void {
    this.endIndex = endIndex;
    this.handler.onother();
    this.startIndex = endIndex + 1;
  }

  oncdata(start: number, endIndex: number, offset: number): void {
    this.endIndex = endIndex;
    // HTML reads CDATA as text in foreign content and as a comment elsewhere.
    if (this.isInForeignContext()) this.handler.ontext(start === endIndex - offset ? '' : this.html.slice(start, endIndex - offset));
    else this.handler.onother();
    this.startIndex = endIndex + 1;
  }

  onend(): void {
    this.endIndex = this.startIndex;
    for (let i = this.stack.length - 1; i >= 0; i--) this.handler.onclosetag(this.stack[i]!);
    this.handler.onend();
  }
}

/** The lower-case name of a table tag (or `p`, `br`, `div`) spelt in any case, without slicing it; else undefined. */
function knownTag(s: string, start: number, end: number): string | undefined {
  const n = end - start;
  const a = s.charCodeAt(start) | 0x20;
  if (n === 2) {
    const b = s.charCodeAt(start + 1) | 0x20;
    if (a === 116) return b === 100 ? 'td' : b === 114 ? 'tr' : b === 104 ? 'th' : undefined; // t d r h
    if (a === 98 && b === 114) return 'br';
    return undefined;
  }
  if (n === 1) return a === 112 ? 'p' : undefined;
  if (n === 5 && a === 116) {
    if (lowerIs(s, start, 'table')) return 'table';
    if (lowerIs(s, start, 'tbody')) return 'tbody';
    if (lowerIs(s, start, 'thead')) return 'thead';
    if (lowerIs(s, start, 'tfoot')) return 'tfoot';
    return undefined;
  }
  if (n === 7 && a === 99 && lowerIs(s, start, 'caption')) return 'caption';
  if (n === 3 && a === 100 && lowerIs(s, start, 'div')) return 'div';
  return undefined;
}

/** Whether `s` at `start` spells the lower-case ASCII `word`, in any case. */
function lowerIs(s: string, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) if ((s.charCodeAt(start + i) | 0x20) !== word.charCodeAt(i)) return false;
  return true;
}
