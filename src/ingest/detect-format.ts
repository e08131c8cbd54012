import type { DocumentFormat } from '../types.ts';

const BY_EXTENSION: Record<string, DocumentFormat> = {
  txt: 'text', text: 'text', md: 'markdown', markdown: 'markdown', mdown: 'markdown',
  html: 'html', htm: 'html', xhtml: 'html', csv: 'csv', tsv: 'tsv', tab: 'tsv',
};

/**
 * Picks a format from the file name's extension, then from the content.
 * Returns undefined when neither says anything (binary content).
 */
export function detectFormat(name: string | undefined, content: string): DocumentFormat | undefined {
  const ext = name?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
  const head = content.slice(0, 2048);
  // NUL bytes or many control characters: this is not text.
  if (/\u0000/.test(head)) return undefined;
  if (/^\s*(<!doctype html|<html|<table|<body|<div|<p[\s>])/i.test(head)) return 'html';
  if (/^#{1,6}\s|^\s*\|.*\|\s*$|^\s*[-*]\s+\S/m.test(head)) return 'markdown';
  return 'text';
}
