/**
 * PDF with pdf.js (`pdfjs-dist`, Mozilla's reader, the one the web's PDF viewers run). It runs
 * in the calling thread: pdf.js's own worker module is loaded into `globalThis.pdfjsWorker`,
 * which makes pdf.js use it in place instead of starting a nested worker (pdf.js's documented
 * "fake worker"), the same in Node and in the engine's worker. Both modules are imported here on
 * first use, so a page that never meets a PDF never downloads them. Eval is off (strict CSP),
 * fonts are never installed, and the only files fetched are its character maps, served by the app.
 */
import { createError, throwIfAborted } from '../errors.ts';
import { LIMITS } from '../settings.ts';
import type { Table } from '../types.ts';
import { flattenTable } from '../tables/index.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { bodySize, pageBlocks, pageLines, type PdfItem, type PdfLine } from './pdf-layout.ts';
import { cMapOptions } from './pdf-cmaps.ts';
import type { ReadContext } from './formats.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | undefined;

/**
 * pdf.js and its worker module, loaded once. The legacy build runs in Node 20 and every browser.
 * `pdfjs-dist` is an optional peer of the package (41 MB installed): without it, a typed error.
 */
function loadPdfJs(name: string): Promise<PdfJs> {
  loading ??= (async () => {
    const g = globalThis as { pdfjsWorker?: unknown };
    g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loading.catch((error) => {
    loading = undefined;
    throw createError('FORMAT_LIBRARY_MISSING', name, 'PDF', 'pdfjs-dist', { cause: error });
  });
}

/** Document titles that generators write and that name nothing. */
const PLACEHOLDER_TITLE = /^(?:untitled|microsoft word - .*|document\d*|slide \d+|\s*)$/i;

export async function readPdf(bytes: Uint8Array, context: ReadContext): Promise<ParsedDocument> {
  const pdfjs = await loadPdfJs(context.name);
  throwIfAborted(context.signal, 'Ingest');
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
    ...(await cMapOptions()),
  });
  const abort = () => void task.destroy();
  context.signal?.addEventListener('abort', abort, { once: true });
  try {
    let pdf;
    try {
      pdf = await task.promise;
    } catch (error) {
      throwIfAborted(context.signal, 'Ingest');
      const name = (error as { name?: string }).name;
      if (name === 'PasswordException') throw createError('DOCUMENT_ENCRYPTED', context.name, { cause: error });
      throw createError('DOCUMENT_UNREADABLE', context.name, name === 'InvalidPDFException' ? 'not a valid PDF' : String((error as Error).message ?? error), { cause: error });
    }
    if (pdf.numPages > LIMITS.maxPages) throw createError('TOO_MANY_PAGES', context.name, pdf.numPages, LIMITS.maxPages);
    const info = ((await pdf.getMetadata().catch(() => undefined))?.info ?? {}) as { Title?: unknown };
    const pages: PdfLine[][] = [];
    let chars = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      throwIfAborted(context.signal, 'Ingest');
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items: PdfItem[] = [];
      for (const it of content.items) {
        if (!('str' in it)) continue;
        const [a, b, c, d, e, f] = it.transform as number[];
        // Horizontal text only: the vertical scale is the font size.
        if (Math.abs(b!) > Math.abs(a!) || !it.str) continue;
        items.push({ str: it.str, x: e!, y: f!, width: it.width, size: Math.hypot(c!, d!) || it.height || 10 });
        chars += it.str.length;
      }
      page.cleanup();
      pages.push(pageLines(items));
      if (chars > LIMITS.maxDocumentChars) throw createError('DOCUMENT_TOO_LARGE', context.name, LIMITS.maxDocumentChars);
    }
    return layout(pages, typeof info.Title === 'string' && !PLACEHOLDER_TITLE.test(info.Title) ? info.Title.trim() : undefined);
  } finally {
    context.signal?.removeEventListener('abort', abort);
    await task.destroy();
  }
}

/** The pages' lines as one document: headings levelled by size, page starts recorded. */
export function layout(pages: PdfLine[][], metaTitle?: string): ParsedDocument {
  const body = bodySize(pages);
  const perPage = pages.map((lines) => pageBlocks(lines, body));
  const sizes = [...new Set(perPage.flat().flatMap((b) => (b.kind === 'heading' ? [Math.round(b.size * 2) / 2] : [])))].sort((a, b) => b - a);
  const out = new TextBuilder();
  const tables: Table[] = [];
  const warnings: string[] = [];
  const starts: number[] = [];
  let firstHeading: string | undefined;
  perPage.forEach((blocks) => {
    starts.push(out.text.length + (out.text ? 2 : 0));
    for (const b of blocks) {
      if (b.kind === 'heading') {
        const level = Math.min(6, sizes.indexOf(Math.round(b.size * 2) / 2) + 1);
        out.add('heading', b.text, { level });
        firstHeading ??= b.text;
      } else if (b.kind === 'paragraph') out.add('paragraph', b.text);
      else {
        const block = out.add('table', flattenTable(b.table), { tableIndex: tables.length });
        if (block) {
          b.table.start = block.start;
          b.table.end = block.end;
          tables.push(b.table);
          warnings.push(...b.warnings);
        }
      }
    }
  });
  const text = out.text;
  return { title: metaTitle ?? firstHeading, text, blocks: out.blocks, tables, warnings, pages: starts.map((s) => Math.min(s, text.length)) };
}
