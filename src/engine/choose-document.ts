import { throwIfAborted } from '../errors.ts';
import { choicePrompt, parseChoice, LLM_CHOICE } from '../retrieval/llm-choice.ts';
import type { Passage } from '../types.ts';
import type { EngineState } from './state.ts';

/*
 * MixRAG's LLM rerank: without a cross-encoder, a loaded generator picks the answering
 * document among the fusion's best few (`src/retrieval/llm-choice.ts` writes the prompt and
 * reads the reply).
 */

/** Asks the generator which of the best candidate documents answers: its id, or why none was chosen. */
export async function chooseDocument(state: EngineState, question: string, ranked: ReadonlyArray<{ passage: Passage }>, signal?: AbortSignal): Promise<{ docId?: string; skipped?: string }> {
  const byDoc = new Map<string, string[]>();
  for (const r of ranked) {
    const snippets = byDoc.get(r.passage.docId);
    if (snippets) {
      if (snippets.length < LLM_CHOICE.snippets) snippets.push(r.passage.text);
    } else if (byDoc.size < LLM_CHOICE.candidates) {
      byDoc.set(r.passage.docId, [r.passage.text]);
    }
  }
  if (byDoc.size < 2) return { skipped: 'one candidate document: nothing to choose' };
  const ids = [...byDoc.keys()];
  const prompt = choicePrompt(question, ids.map((id) => ({ title: state.records.get(id)?.document.title ?? id, snippets: byDoc.get(id)! })));
  const reply = await state.generator!.generate(prompt, { maxNewTokens: LLM_CHOICE.maxNewTokens, signal });
  throwIfAborted(signal, 'Search');
  const i = parseChoice(reply, ids.length);
  return i === undefined ? { skipped: 'the generator named none of the candidates: the fusion order stands' } : { docId: ids[i] };
}
