import type { DocumentFormat } from '../types.ts';
import { readerForName } from './formats.ts';
import { isCommentStyle } from './comments.ts';
import { splitLines } from './lines.ts';

/**
 * Picks a format from the file name's extension, then from the content.
 * Returns undefined when neither says anything (binary content).
 */
export function detectFormat(name: string | undefined, content: string | Uint8Array): DocumentFormat | undefined {
  const byName = readerForName(name);
  if (byName) return byName.format;
  const magic = typeof content === 'string' ? undefined : sniffBinary(content);
  if (magic) return magic;
  const head = typeof content === 'string' ? content.slice(0, 4096) : new TextDecoder('utf-8').decode(content.subarray(0, 4096));
  // NUL bytes or many control characters: this is not text.
  if (/\u0000/.test(head)) return undefined;
  if (/^\s*(<!doctype html|<html|<table|<body|<div|<p[\s>])/i.test(head)) return 'html';
  // `#` comment blocks (tz data, configuration) are not Markdown headings.
  if (isCommentStyle(splitLines(head).slice(0, 60))) return 'text';
  if (/^#{1,6}\s|^\s*\|.*\|\s*$|^\s*[-*]\s+\S/m.test(head)) return 'markdown';
  if (/^(?:[=\-~^"'`#*+]{3,})?\r?\n?[^\n]{1,120}\r?\n[=\-~^"'`#*+]{3,}\s*$/m.test(head) && /^\.\. [\w-]+::|^:[\w ]+: /m.test(head)) return 'rst';
  return 'text';
}

/** A binary format told by its first bytes (a file without its extension). */
export function sniffBinary(bytes: Uint8Array): DocumentFormat | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 8));
  if (head.startsWith('%PDF-')) return 'pdf';
  if (!head.startsWith('PK')) return undefined;
  // A zip: the entry names (stored uncompressed in the local headers and the central directory) say which Office file.
  const latin1 = (b: Uint8Array) => Array.from(b, (x) => String.fromCharCode(x)).join('');
  const names = latin1(bytes.subarray(0, 65536)) + latin1(bytes.subarray(Math.max(0, bytes.length - 65536)));
  if (names.includes('mimetypeapplication/vnd.oasis.opendocument.spreadsheet')) return 'ods';
  if (names.includes('word/document.xml')) return 'docx';
  if (names.includes('xl/workbook.xml')) return 'xlsx';
  return undefined;
}
