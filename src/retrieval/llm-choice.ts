/**
 * MixRAG's second stage with a generator: show the model the best candidate documents, each
 * with its best snippets, and let it pick the one that answers. Pure: the prompt and the
 * reading of the model's reply; the engine makes the call.
 */
import { cut, oneLine } from '../text/snippet.ts';

/** One candidate document as the model sees it. */
export interface ChoiceCandidate {
  title: string;
  /** The document's best snippets for the question, best first. */
  snippets: string[];
}

/** Limits of the prompt: a small local model reads a few short candidates well, many long ones badly. */
export const LLM_CHOICE = {
  /** Candidate documents shown. */
  candidates: 5,
  /** Snippets per candidate. */
  snippets: 2,
  /** Characters per snippet (cut at a word). */
  snippetChars: 300,
  /** Tokens the model may write: a number, with room for a few words around it. */
  maxNewTokens: 8,
} as const;

/** The prompt: the question, numbered candidates with their snippets, and a request for a number only. */
export function choicePrompt(question: string, candidates: ChoiceCandidate[]): string {
  const lines = [
    'Which document answers the question? Reply with the number of that document only.',
    '',
    `Question: ${oneLine(question)}`,
    '',
  ];
  candidates.forEach((c, i) => {
    lines.push(`[${i + 1}] ${oneLine(c.title)}`);
    for (const s of c.snippets.slice(0, LLM_CHOICE.snippets)) lines.push(`- ${cut(oneLine(s), LLM_CHOICE.snippetChars)}`);
  });
  lines.push('', 'Answer:');
  return lines.join('\n');
}

/**
 * The candidate the reply names, 0-based, or undefined when it names none of them: the first
 * number in the reply ("2", "[2]", "Document 2.") that is a candidate's number.
 */
export function parseChoice(reply: string, count: number): number | undefined {
  for (const m of reply.matchAll(/\d+/g)) {
    const n = Number(m[0]);
    if (n >= 1 && n <= count) return n - 1;
  }
  return undefined;
}
