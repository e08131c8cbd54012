/** pdf.js's worker module ships without types; Almanac only hands it back to pdf.js (`globalThis.pdfjsWorker`). */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
