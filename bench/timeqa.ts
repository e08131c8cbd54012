import fs from 'node:fs';
import type { DocumentInput } from '../src/types.ts';

/** One TimeQA page as the data README describes it. */
export interface TimeQaPage {
  index: number;
  link: string;
  paras: string[];
  questions: Array<[string, Array<{ para: number; answer: string }>]>;
}

/** Reads the TimeQA file. */
export function readTimeQa(file: string): TimeQaPage[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as TimeQaPage[];
}

/** Every paragraph as its own document, titled with its page title; id `<page>:<para>`. */
export function timeQaDocuments(pages: TimeQaPage[]): Array<DocumentInput & { content: string }> {
  const docs: Array<DocumentInput & { content: string }> = [];
  pages.forEach((page, p) => {
    const title = page.paras[0] ?? page.link;
    page.paras.forEach((content, i) => docs.push({ id: `${p}:${i}`, name: title, content, format: 'text' }));
  });
  return docs;
}
