// `almanac` in a worker the app writes itself: the engine is plain ESM, no DOM needed.
import { citeCell, createAlmanac } from 'almanac';

const engine = createAlmanac();
self.onmessage = async (event) => {
  const almanac = await engine;
  await almanac.ingest([event.data.doc]);
  const { results } = await almanac.search(event.data.query);
  self.postMessage(`${results.length}:${typeof citeCell}`);
};
