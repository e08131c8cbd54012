import type { CollectionStats } from '../types.ts';
import { compareTerms, FIELDS, type FieldPostings, type TermIndex } from './term-index.ts';
import { grow } from '../grow.ts';

/**
 * Okapi BM25 (its multi-field form, BM25F) over whole words, with postings Almanac owns
 * (typed arrays), not Orama's.
 *
 * Why not Orama's full-text index: Orama 3.1's own scoring (a) matches every query word as a
 * prefix ("won" also hits "wonder"), (b) de-duplicates a document's tokens, so every term count
 * is 1, and (c) divides term frequency by length before BM25 divides by length again (plain BM25
 * on TimeQA: AR@1 3.5 with Orama's scoring). Almanac first replaced the scoring inside Orama as
 * an index component; its postings then lived outside Orama's structures anyway, and Orama's
 * save/load could not carry them, so a reopened corpus was re-tokenised (1.2 s for TimeQA's
 * 16k passages). Owning the postings lets a stored index be read straight into the arrays
 * search uses (`src/index-format/`), and keeps memory to a few typed arrays. Orama keeps the
 * vector field (`vector-index.ts`).
 */

/** BM25 parameters: the usual defaults of Lucene and rank_bm25. */
export interface Bm25Parameters {
  k1: number;
  b: number;
}

/**
 * Lucene's defaults, kept for text passages and table-level summaries; the index of row and
 * column summaries takes `STRUCTURED_BM25` (`src/tables/settings.ts`, with its sweep).
 */
export const DEFAULT_BM25: Readonly<Bm25Parameters> = Object.freeze({ k1: 1.2, b: 0.75 });

/** A passage id and its BM25 score. */
export type ScoredId = [id: string, score: number];

/**
 * One field's postings. Every term owns a region of a shared pool (`start`, `len`, `cap`); a
 * region that fills up moves to the pool's end with twice the room, and the pool is repacked
 * when holes make up half of it. Passages are known by slot: slots grow with insertion order,
 * so postings stay sorted and equal scores rank in insertion order, as a fresh ingest does.
 */
class Field {
  terms: string[] = [];
  readonly dict = new StringTable((t) => this.terms[t]);
  start = new Uint32Array(256);
  len = new Uint32Array(256);
  cap = new Uint32Array(256);
  ids = new Uint32Array(1024);
  // Term counts and field lengths one byte (two) wide until one needs more: nearly every count
  // is below 256 and every length below 65,536 (HiTab's row and column summaries: 3 MB less).
  counts: Uint8Array | Uint16Array = new Uint8Array(1024);
  used = 0;
  live = 0;
  lengths: Uint16Array | Uint32Array = new Uint16Array(256);
  total = 0;
  private free: number[] = [];

  termId(term: string): number {
    let t = this.dict.get(term);
    if (t === undefined) {
      t = this.free.pop() ?? this.terms.length;
      if (t === this.terms.length) {
        this.terms.push(term);
        if (t >= this.start.length) {
          this.start = grow(this.start, t + 1);
          this.len = grow(this.len, t + 1);
          this.cap = grow(this.cap, t + 1);
        }
      } else {
        this.terms[t] = term;
      }
      this.start[t] = 0;
      this.len[t] = 0;
      this.cap[t] = 0;
      this.dict.set(term, t);
    }
    return t;
  }

  /** Makes room for `extra` more postings of term `t` (`exact`: no room to spare, for a bulk load). */
  reserve(t: number, extra: number, exact = false): void {
    const need = this.len[t]! + extra;
    if (need <= this.cap[t]!) return;
    const cap = exact ? need : Math.max(need, this.cap[t]! * 2, 2);
    this.ensurePool(this.used + cap);
    const from = this.start[t]!;
    const n = this.len[t]!;
    this.ids.copyWithin(this.used, from, from + n);
    this.counts.copyWithin(this.used, from, from + n);
    this.start[t] = this.used;
    this.cap[t] = cap;
    this.used += cap;
  }

  ensurePool(size: number): void {
    if (size <= this.ids.length) return;
    this.ids = grow(this.ids, size);
    this.counts = grow(this.counts, size);
  }

  /** Widens the counts (lengths) when `counts` (`lengths`) hold a value they cannot. */
  fit(counts: ArrayLike<number>, lengths: ArrayLike<number>): void {
    if (this.counts instanceof Uint8Array && max(counts) > 0xff) this.counts = Uint16Array.from(this.counts);
    if (this.lengths instanceof Uint16Array && max(lengths) > 0xffff) this.lengths = Uint32Array.from(this.lengths);
  }

  /** Repacks the pool when holes are half of it; drops terms without postings. */
  maybeRepack(): void {
    if (this.used < 65536 || this.used < 2 * this.live) return;
    this.repack(Math.max(1024, Math.ceil(this.live * 1.25)));
  }

  /** Packs the pool tight and drops spare room (after a bulk of appends: growth leaves up to half of it empty). */
  trim(): void {
    if (this.used > this.live + 1024 || this.ids.length > this.live + 1024) this.repack(this.live);
  }

  /** Copies every live posting list, in term order, into a new pool of `size` slots. */
  private repack(size: number): void {
    const ids = new Uint32Array(size);
    const counts = new (this.counts.constructor as Uint8ArrayConstructor | Uint16ArrayConstructor)(size);
    let w = 0;
    for (let t = 0; t < this.terms.length; t++) {
      const n = this.len[t]!;
      if (n === 0) {
        this.forget(t);
        continue;
      }
      const s = this.start[t]!;
      ids.set(this.ids.subarray(s, s + n), w);
      counts.set(this.counts.subarray(s, s + n), w);
      this.start[t] = w;
      this.cap[t] = n;
      w += n;
    }
    this.ids = ids;
    this.counts = counts;
    this.used = w;
  }

  forget(t: number): void {
    const term = this.terms[t];
    if (term === undefined || this.dict.get(term) !== t) return;
    this.dict.delete(term);
    this.cap[t] = 0;
    this.start[t] = 0;
    this.free.push(t);
  }
}

function max(values: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! > m) m = values[i]!;
  return m;
}

/**
 * Strings to the numbers their owner keeps them under (a term's id, a passage's slot), as open
 * addressing over one Int32Array: the strings stay in the owner's array (`keyAt`), so the table
 * holds no object per entry (a Map of HiTab's 83k row and column summaries' ids was 3-4 MB).
 * `get` answers as a Map's would.
 */
class StringTable {
  // -1: empty; -2: deleted; else the owner's number.
  private table = new Int32Array(16).fill(-1);
  private filled = 0;
  size = 0;

  constructor(private readonly keyAt: (n: number) => string | undefined) {}

  get(key: string): number | undefined {
    const mask = this.table.length - 1;
    for (let h = hash(key) & mask; ; h = (h + 1) & mask) {
      const n = this.table[h]!;
      if (n === -1) return undefined;
      if (n >= 0 && this.keyAt(n) === key) return n;
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  /** Adds `key` (not in the table) as number `n`. */
  set(key: string, n: number): void {
    if ((this.filled + 1) * 2 > this.table.length) this.rehash();
    const mask = this.table.length - 1;
    let h = hash(key) & mask;
    while (this.table[h]! >= 0) h = (h + 1) & mask;
    if (this.table[h] === -1) this.filled++;
    this.table[h] = n;
    this.size++;
  }

  /** Removes `key`; call it while `keyAt` still gives it. */
  delete(key: string): void {
    const mask = this.table.length - 1;
    for (let h = hash(key) & mask; ; h = (h + 1) & mask) {
      const n = this.table[h]!;
      if (n === -1) return;
      if (n >= 0 && this.keyAt(n) === key) {
        this.table[h] = -2;
        this.size--;
        return;
      }
    }
  }

  private rehash(): void {
    const old = this.table;
    let size = 16;
    while (size < 4 * (this.size + 1)) size *= 2;
    this.table = new Int32Array(size).fill(-1);
    this.filled = 0;
    this.size = 0;
    for (let h = 0; h < old.length; h++) if (old[h]! >= 0) this.set(this.keyAt(old[h]!)!, old[h]!);
  }
}

/** FNV-1a of a string's code units. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}


/** The live BM25 index of one corpus: append passages (as analysed postings), remove them, search. */
export class Bm25Index {
  private readonly fields = FIELDS.map(() => new Field());
  private slots: Array<string | undefined> = [];
  private slotOf = new StringTable((s) => this.slots[s]);
  private scores = new Float64Array(256);
  private matched = new Uint16Array(256);
  private tf = new Float64Array(256);
  private touched = new Int32Array(0);
  private forTerm = new Int32Array(0);
  private readonly params: Bm25Parameters;

  constructor(params: Bm25Parameters = DEFAULT_BM25, private readonly collection?: CollectionStats) {
    this.params = params;
  }

  /** Drops the room growth left spare (call after a large ingest). Changes no result. */
  trim(): void {
    for (const field of this.fields) {
      field.trim();
      if (field.lengths.length > this.slots.length + 1024) field.lengths = field.lengths.slice(0, this.slots.length);
      if (field.start.length > field.terms.length + 1024) {
        field.start = field.start.slice(0, field.terms.length);
        field.len = field.len.slice(0, field.terms.length);
        field.cap = field.cap.slice(0, field.terms.length);
      }
    }
    // Search's scratch arrays (all zeros between searches) grew by doubling: one slot per passage.
    if (this.scores.length > this.slots.length + 1024) {
      this.scores = new Float64Array(this.slots.length);
      this.matched = new Uint16Array(this.slots.length);
      this.tf = new Float64Array(this.slots.length);
    }
  }

  /** Passages indexed. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Whether a passage is indexed. */
  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /**
   * Appends passages, given as analysed postings (`analysePassages`, or an index read from
   * storage) and their ids in the same order. Several parts at once are laid out tightly
   * (the open of a stored corpus); ids already present must be removed first.
   */
  append(parts: ReadonlyArray<{ index: TermIndex; ids: readonly string[] }>): void {
    // Checked before anything changes: a failed append leaves the index as it was.
    const incoming = new Set<string>();
    for (const part of parts) {
      if (part.ids.length !== part.index.passages) throw new Error(`append: ${part.ids.length} ids for ${part.index.passages} passages`);
      for (const id of part.ids) {
        if (this.slotOf.has(id) || incoming.has(id)) throw new Error(`passage "${id}" is indexed already`);
        incoming.add(id);
      }
    }
    const base: number[] = [];
    let next = this.slots.length;
    for (const part of parts) {
      base.push(next);
      for (const id of part.ids) {
        this.slotOf.set(id, next++);
        this.slots.push(id);
      }
    }
    if (this.scores.length < next) {
      const size = Math.max(next, this.scores.length * 2);
      this.scores = new Float64Array(size);
      this.matched = new Uint16Array(size);
      this.tf = new Float64Array(size);
    }
    for (let f = 0; f < this.fields.length; f++) {
      const field = this.fields[f]!;
      if (field.lengths.length < next) field.lengths = grow(field.lengths, next);
      const local = parts.map((part) => part.index.fields[f]!);
      for (const p of local) field.fit(p.counts, p.lengths);
      // Term ids of every part's dictionary, looked up once and used twice: to size each
      // term's region for all parts together, then to fill it.
      const tids = local.map((p) => {
        const out = new Uint32Array(p.terms.length);
        for (let t = 0; t < p.terms.length; t++) out[t] = field.termId(p.terms[t]!);
        return out;
      });
      if (parts.length > 1) {
        const extra = new Uint32Array(field.terms.length);
        local.forEach((p, k) => {
          const ids = tids[k]!;
          for (let t = 0; t < p.terms.length; t++) extra[ids[t]!]! += p.offsets[t + 1]! - p.offsets[t]!;
        });
        let needed = 0;
        for (let t = 0; t < extra.length; t++) if (extra[t]! && field.len[t]! + extra[t]! > field.cap[t]!) needed += field.len[t]! + extra[t]!;
        field.ensurePool(field.used + needed);
        for (let t = 0; t < extra.length; t++) if (extra[t]!) field.reserve(t, extra[t]!, true);
      }
      local.forEach((p, k) => {
        const ids = tids[k]!;
        const b = base[k]!;
        const passages = parts[k]!.index.passages;
        for (let t = 0; t < p.terms.length; t++) {
          const tid = ids[t]!;
          const from = p.offsets[t]!;
          const n = p.offsets[t + 1]! - from;
          field.reserve(tid, n);
          let w = field.start[tid]! + field.len[tid]!;
          for (let i = from; i < from + n; i++) {
            field.ids[w] = p.ids[i]! + b;
            field.counts[w++] = p.counts[i]!;
          }
          field.len[tid]! += n;
          field.live += n;
        }
        field.lengths.set(p.lengths, b);
        for (let i = 0; i < passages; i++) field.total += p.lengths[i]!;
      });
    }
  }

  /**
   * Removes passages. `hint.terms[f]`, when given, holds every term the removed passages have
   * in field `f` and `hint.postings[f]` how many (passage, term) pairs that makes (the caller
   * tokenises them again: cheaper than a scan for a few passages); without it, or when the
   * count does not come out, every posting list is scanned. Either way each affected list is
   * filtered once, whatever the number of passages removed.
   */
  remove(ids: readonly string[], hint?: { terms: ReadonlyArray<ReadonlySet<string>>; postings: readonly number[] }): void {
    const dead = new Uint8Array(this.slots.length);
    let any = false;
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      dead[slot] = 1;
      any = true;
      this.slotOf.delete(id);
      this.slots[slot] = undefined;
    }
    if (!any) return;
    this.fields.forEach((field, f) => {
      for (let slot = 0; slot < dead.length; slot++) {
        if (!dead[slot]) continue;
        field.total -= field.lengths[slot]!;
        field.lengths[slot] = 0;
      }
      let removed = 0;
      const filter = (t: number) => {
        const s = field.start[t]!;
        const n = field.len[t]!;
        let w = s;
        for (let i = s; i < s + n; i++) {
          const slot = field.ids[i]!;
          if (dead[slot]) continue;
          field.ids[w] = slot;
          field.counts[w++] = field.counts[i]!;
        }
        field.len[t] = w - s;
        field.live -= n - (w - s);
        removed += n - (w - s);
        if (w === s) field.forget(t);
      };
      if (hint) {
        for (const term of hint.terms[f] ?? []) {
          const t = field.dict.get(term);
          if (t !== undefined) filter(t);
        }
      }
      // Without a hint, or with one that missed postings (it must never leave any behind), scan.
      if (!hint || removed !== hint.postings[f]) {
        for (let t = 0; t < field.terms.length; t++) if (field.len[t]) filter(t);
      }
      field.maybeRepack();
    });
    this.maybeRenumber();
  }

  /** Slots of removed passages are reclaimed once they outnumber the live ones (order kept). */
  private maybeRenumber(): void {
    const n = this.slots.length;
    const live = this.slotOf.size;
    if (n < 1024 || n < 2 * live) return;
    const map = new Uint32Array(n);
    const slots: string[] = [];
    for (let s = 0; s < n; s++) {
      const id = this.slots[s];
      if (id === undefined) continue;
      map[s] = slots.length;
      slots.push(id);
    }
    for (const field of this.fields) {
      const lengths = new (field.lengths.constructor as Uint16ArrayConstructor | Uint32ArrayConstructor)(Math.max(256, slots.length));
      for (let s = 0; s < n; s++) if (this.slots[s] !== undefined) lengths[map[s]!] = field.lengths[s]!;
      field.lengths = lengths;
      for (let t = 0; t < field.terms.length; t++) {
        const st = field.start[t]!;
        for (let i = st; i < st + field.len[t]!; i++) field.ids[i] = map[field.ids[i]!]!;
      }
    }
    this.slots = slots;
    this.slotOf = new StringTable((slot) => this.slots[slot]);
    slots.forEach((id, slot) => this.slotOf.set(id, slot));
  }

  /**
   * BM25F scores of the passages that hold any of `terms` (distinct, in query order), best
   * first, equal scores in insertion order; the best `limit` when given. `weights[f]` weighs
   * field `f` (default 1). With `coverage`, each score is multiplied by the share of the query
   * terms the passage holds (Lucene's classic coordination factor; MiniSearch multiplies by
   * their number): for a ranking that no reranker judges again, see `PassageIndex.search`.
   */
  search(terms: readonly string[], weights: readonly number[] = [], limit = Infinity, coverage = false): ScoredId[] {
    const docs = this.slotOf.size;
    if (docs === 0 || terms.length === 0) return [];
    const touched = this.score(terms, weights, docs);
    const scores = this.scores;
    const matched = this.matched;
    // Indexed loops: a typed array's iterator is slow, and a common word touches thousands.
    if (coverage) for (let k = 0; k < touched.length; k++) scores[touched[k]!]! *= matched[touched[k]!]! / terms.length;
    const best = topSlots(touched, scores, limit);
    const out: ScoredId[] = new Array(best.length);
    for (let k = 0; k < best.length; k++) out[k] = [this.slots[best[k]!]!, scores[best[k]!]!];
    for (let k = 0; k < touched.length; k++) {
      scores[touched[k]!] = 0;
      matched[touched[k]!] = 0;
    }
    return out;
  }

  /**
   * BM25F (Robertson, Zaragoza & Taylor, "Simple BM25 extension to multiple weighted fields",
   * 2004): a term's counts in each field, each normalised by that field's length and weighted,
   * add up to one pseudo-frequency that saturates once, with one idf from the passages that hold
   * the term in any field. Fields scored apart and summed (what Almanac did before) count a word
   * of the heading twice in a passage whose text repeats its heading: every TimeQA page opens
   * with a paragraph that is only its title, which then outranked the paragraphs that answer
   * (plain BM25 AR@1 / ER@1 20.1 / 20.5 -> 31.4 / 25.2; HiTab and TAT-QA unchanged).
   * Fills `scores` and `matched` (query terms held) for the passages it returns.
   */
  private score(terms: readonly string[], weights: readonly number[], docs: number): Int32Array {
    const { k1, b } = this.params;
    const scores = this.scores;
    const matched = this.matched;
    const tf = this.tf;
    // Slots are numbered densely, so two scratch lists of slots (touched by the query, by the
    // current term) fit in typed arrays of the slot count: no array grows per posting.
    if (this.touched.length < this.slots.length) {
      this.touched = new Int32Array(this.scores.length);
      this.forTerm = new Int32Array(this.scores.length);
    }
    const touched = this.touched;
    const forTerm = this.forTerm;
    let nTouched = 0;
    const collection = this.collection;
    const norms = this.fields.map((field, f) => collection?.avgLengths[f] || field.total / docs || 1);
    const total = collection ? Math.max(collection.passages, docs) : docs;
    for (const term of terms) {
      let local = 0;
      for (let f = 0; f < this.fields.length; f++) {
        const field = this.fields[f]!;
        const weight = weights[f] ?? 1;
        if (weight === 0) continue;
        const t = field.dict.get(term);
        if (t === undefined) continue;
        const avg = norms[f]!;
        const lengths = field.lengths;
        const ids = field.ids;
        const counts = field.counts;
        const s = field.start[t]!;
        const end = s + field.len[t]!;
        // The first field that holds the term holds each of its passages once: all new to it.
        const first = local === 0;
        for (let i = s; i < end; i++) {
          const slot = ids[i]!;
          if (first || tf[slot] === 0) forTerm[local++] = slot;
          tf[slot]! += (weight * counts[i]!) / (1 - b + (b * lengths[slot]!) / avg);
        }
      }
      if (!local) continue;
      const df = collection ? Math.max(local, collection.df(term) ?? local) : local;
      const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5));
      for (let k = 0; k < local; k++) {
        const slot = forTerm[k]!;
        const x = tf[slot]!;
        tf[slot] = 0;
        if (scores[slot] === 0 && matched[slot] === 0) touched[nTouched++] = slot;
        scores[slot]! += (idf * x * (k1 + 1)) / (x + k1);
        matched[slot]!++;
      }
    }
    return touched.subarray(0, nTouched);
  }

  /**
   * The index as analysed postings, passages in insertion order (the form storage and export
   * write): what `append` of the result into an empty index rebuilds exactly.
   */
  toTermIndex(): { index: TermIndex; ids: string[] } {
    const ids: string[] = [];
    const renumber = new Int32Array(this.slots.length).fill(-1);
    for (let s = 0; s < this.slots.length; s++) {
      const id = this.slots[s];
      if (id === undefined) continue;
      renumber[s] = ids.length;
      ids.push(id);
    }
    const fields: FieldPostings[] = this.fields.map((field) => {
      const order: number[] = [];
      for (let t = 0; t < field.terms.length; t++) if (field.len[t]) order.push(t);
      order.sort((x, y) => compareTerms(field.terms[x]!, field.terms[y]!));
      const offsets = new Uint32Array(order.length + 1);
      const out = new Uint32Array(field.live);
      const counts = new Uint16Array(field.live);
      let w = 0;
      order.forEach((t, i) => {
        offsets[i] = w;
        const s = field.start[t]!;
        for (let k = s; k < s + field.len[t]!; k++) {
          out[w] = renumber[field.ids[k]!]!;
          counts[w++] = field.counts[k]!;
        }
      });
      offsets[order.length] = w;
      const lengths = new Uint32Array(ids.length);
      for (let s = 0; s < this.slots.length; s++) if (renumber[s]! >= 0) lengths[renumber[s]!] = field.lengths[s]!;
      return { terms: order.map((t) => field.terms[t]!), offsets, ids: out, counts, lengths };
    });
    return { index: { passages: ids.length, fields }, ids };
  }
}

/** The slots with the best scores (ties: lower slot first), all of them or the best `limit`. */
function topSlots(touched: Int32Array, scores: Float64Array, limit: number): number[] {
  if (limit >= touched.length) return Array.from(touched).sort((x, y) => scores[y]! - scores[x]! || x - y);
  // A bounded min-heap of the best `limit` (its worst at the root): a common word touches
  // thousands of passages. Typed and without closures: it runs twice a query.
  const heap = new Int32Array(limit);
  let size = 0;
  for (let k = 0; k < touched.length; k++) {
    const slot = touched[k]!;
    if (size < limit) {
      let i = size++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!better(scores, heap[p]!, slot)) break;
        heap[i] = heap[p]!;
        i = p;
      }
      heap[i] = slot;
    } else if (better(scores, slot, heap[0]!)) {
      siftDown(heap, size, scores, slot);
    }
  }
  return Array.from(heap.subarray(0, size)).sort((x, y) => scores[y]! - scores[x]! || x - y);
}

/** Whether slot `x` ranks before slot `y`. */
function better(scores: Float64Array, x: number, y: number): boolean {
  return scores[x]! > scores[y]! || (scores[x] === scores[y] && x < y);
}

/** Puts `slot` at the root of the heap of `size` and moves it down to its place. */
function siftDown(heap: Int32Array, size: number, scores: Float64Array, slot: number): void {
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= size) break;
    const r = l + 1;
    // The worse child (the one a better slot must go above).
    const c = r < size && better(scores, heap[l]!, heap[r]!) ? r : l;
    if (!better(scores, slot, heap[c]!)) break;
    heap[i] = heap[c]!;
    i = c;
  }
  heap[i] = slot;
}
