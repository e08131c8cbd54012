/** @type {import('vite').UserConfig} */
export default {
  worker: { format: 'es' },
  build: { target: 'es2022' },
  // Only the dev server needs this: its pre-bundling would move the package's worker away from
  // `new URL('…/engine.worker.js', import.meta.url)`; `vite build` needs nothing.
  optimizeDeps: {
    exclude: ['almanac'],
    include: ['almanac > papaparse', 'almanac > @orama/orama', 'almanac > chrono-node/en', 'almanac > htmlparser2', 'almanac > idb', 'almanac > comlink'],
  },
};
