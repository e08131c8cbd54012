import { defineConfig, type Plugin } from 'vite';
import { transform } from 'lightningcss';
import { minify } from 'terser';

/**
 * The element's stylesheet is a template string (`src/element/styles.ts`: so that the package's
 * tsc build ships it as it is), which no minifier reads: minified here with the library Vite
 * minifies stylesheets with (Lightning CSS), 0.2 kB gzip of the embed's budget.
 */
function minifyElementStyles(): Plugin {
  return {
    name: 'almanac:minify-element-styles',
    transform(code, id) {
      if (!id.endsWith('/src/element/styles.ts')) return null;
      const out = code.replace(/(const CSS = `)([^`$\\]*)`/, (_, open: string, css: string) => `${open}${transform({ filename: 'element.css', code: new TextEncoder().encode(css), minify: true }).code.toString()}\``);
      if (out === code) this.error('the element\'s stylesheet (const CSS = `...`) was not found to minify');
      return { code: out, map: null };
    },
  };
}

/**
 * A second pass over each chunk with Terser (its compressor run to a fixed point, three passes):
 * it folds what Oxc's single pass leaves, 0.5 kB gzip of the embed's budget. Licence comments stay.
 */
function terse(): Plugin {
  return {
    name: 'almanac:terser',
    async renderChunk(code) {
      const out = await minify(code, { module: true, ecma: 2020, compress: { passes: 3 }, mangle: true, format: { comments: 'some' } });
      return { code: out.code ?? code, map: null };
    },
  };
}

/**
 * The one-tag embed: `dist/embed/almanac-search.js` (the element, `src/element/define.ts`,
 * with everything it imports) plus its engine worker chunk beside it. A site copies the
 * folder to `/almanac/` and writes
 * `<script type="module" src="/almanac/almanac-search.js"></script><almanac-search></almanac-search>`.
 * The worker is the zero-download one: no model stack, no ONNX Runtime, nothing fetched
 * from another origin.
 */
export default defineConfig({
  // Relative URLs: the worker is found beside the script wherever the site puts the folder.
  base: './',
  // Nothing from public/ (the models) belongs in the embed.
  publicDir: false,
  plugins: [minifyElementStyles(), terse()],
  // The worker is the last bundle its code goes through: tree-shaking annotations ("/* @__PURE__ */",
  // 197 of them) are bytes no one reads there (0.3 kB gzip of issue 13's budget). Licences stay.
  worker: { format: 'es', plugins: () => [terse()], rolldownOptions: { output: { comments: { legal: true, annotation: false, jsdoc: false } } } },
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    target: 'es2022',
    // One flat folder: the script and its worker side by side.
    assetsDir: '',
    // An app build with a script entry, not library mode: library mode keeps the whitespace
    // of ES output (for tree-shaking downstream); this file is what every visitor downloads.
    modulePreload: false,
    rolldownOptions: {
      input: 'src/element/define.ts',
      // A fixed name for the file sites link to; the worker keeps a content hash so a new
      // release never runs with an old worker from the HTTP cache.
      output: { entryFileNames: 'almanac-search.js', chunkFileNames: '[name]-[hash].js' },
    },
    // The worker must stay a file of its own: `worker-src 'self'` refuses a data: URL.
    assetsInlineLimit: 0,
  },
});
