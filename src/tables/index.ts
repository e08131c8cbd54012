/**
 * MixRAG's table core: readers for HTML, Markdown, delimited text and flattened grids into
 * one grid model, header detection with hierarchy, and the H-RCL summaries that get indexed.
 */
export { readHtmlTable } from './read-html.ts';
export { readMarkdownTable } from './read-markdown.ts';
export { readDelimited } from './read-delimited.ts';
export { readGrid } from './read-grid.ts';
export { DEFAULT_TABLE_LIMITS, resolveLimits, type TableLimits } from './limits.ts';
export { detectHeaders, type TableStructure } from './headers.ts';
export { tableLabels, type TableLabels } from './labels.ts';
export { matchedCells } from './matched-cells.ts';
export { citeCell } from './cite-cell.ts';
export { summarizeTable, flattenTable, type TableSummary } from './summaries.ts';
export { DEFAULT_FUSION, type FusionSettings } from './settings.ts';
