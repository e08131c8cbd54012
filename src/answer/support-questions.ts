/**
 * What a question about support asks, read from its words alone: whether one thing is still
 * supported ("Is Angular 18 still supported?", "Has CentOS 7 reached end of life?"), which of a
 * thing's versions are (or have ended), which have a yes / no property ("which Node.js versions
 * are LTS?"), which came out or ended at a time. Loaded with a question that may be one
 * (`engine/answer.ts`' gate); the cells are read by `support-status.ts`. Pure, and imports
 * nothing, so that its chunk shares no module with the worker's start.
 */

/** "Is X still supported / maintained / getting security updates?"; "was X still supported in 2023?" (the caller's date is then that time's). */
const STILL = /^\s*(?:is|are|was|were)\s+(.+?)\s+still\s+(?:(?:being\s+)?(?:supported|maintained)|(?:getting|receiving)\s+(?:security\s+)?(?:updates|fixes|patches)|under\s+support|alive)\b/i;
/** "Has X reached (its) end of life?", "Is X end of life / EOL?" */
const REACHED = /^\s*(?:has|have)\s+(.+?)\s+(?:reached|hit|passed)\s+(?:its\s+|their\s+)?(?:end[\s-]of[\s-](?:life|support)|eol)\b|^\s*(?:is|are)\s+(.+?)\s+(?:end[\s-]of[\s-]life|eol|out\s+of\s+support|unsupported)\s*\??\s*$/i;

/** What a support-status question asks. */
export interface StatusQuestion {
  /** The thing it asks about ("Angular 18"). */
  subject: string;
  /** Whether "yes" means it has ended ("has X reached end of life?"), not that it is supported. */
  ended: boolean;
}

/** What a support-status question asks, or undefined for another question. */
export function statusQuestion(question: string): StatusQuestion | undefined {
  const still = STILL.exec(question);
  if (still) return { subject: still[1]!.trim(), ended: false };
  const reached = REACHED.exec(question);
  return reached ? { subject: (reached[1] ?? reached[2])!.trim(), ended: true } : undefined;
}

/** What a support-status question about a list asks: which of a thing's versions are supported (or have ended). */
export interface StatusListQuestion {
  /** The things it asks about, as written ("PostgreSQL versions", "versions of Django"). */
  subject: string;
  /** Whether it asks for those that have ended ("which ... have reached end of life?"). */
  ended: boolean;
  /** "How many Django versions are still supported?": the list's length. */
  count?: true;
}

/** Words that make a subject a list of a thing's versions ("PostgreSQL versions", "releases of Django", "ROS 2 distributions"). */
const VERSIONS_WORD = /\b(?:versions|releases|editions|branches|series|cycles|lines|majors|distros|distributions)\b/i;
const VERSION_WORD = /\b(?:version|release|edition|branch|series|cycle|line|major|distro|distribution)(?:e?s)?\b/i;
const SUPPORTED = String.raw`(?:(?:still|currently)\s+)?(?:(?:being\s+)?(?:supported|maintained)|(?:getting|receiving)\s+(?:security\s+)?(?:updates|fixes|patches)|under\s+support)`;
const ENDED = String.raw`(?:(?:have|has)\s+(?:already\s+)?(?:reached|hit|passed)\s+(?:its\s+|their\s+)?(?:end[\s-]of[\s-](?:life|support)|eol)|(?:are|is)\s+(?:already\s+)?(?:end[\s-]of[\s-]life|eol|out\s+of\s+support|unsupported|no\s+longer\s+(?:supported|maintained)))`;
/** "Which PostgreSQL versions are still supported?", "what releases of Django are maintained?", "how many ... are ...?" */
const LIST_SUPPORTED = new RegExp(String.raw`^\s*(?:which|what|(how many))\s+(.+?)\s+(?:are|is)\s+${SUPPORTED}\b`, 'i');
/** "What are the supported versions of PostgreSQL?" */
const SUPPORTED_LIST = /^\s*(?:what|which)\s+are\s+the\s+(?:currently\s+)?(?:supported|maintained)\s+()(.+?)\s*\??\s*$/i;
/** "Which Ubuntu versions have reached end of life?", "which Node.js releases are no longer supported?" */
const LIST_ENDED = new RegExp(String.raw`^\s*(?:which|what|(how many))\s+(.+?)\s+${ENDED}\b`, 'i');

/** What a question about which of a thing's versions are supported asks, or undefined for another question. */
export function statusListQuestion(question: string): StatusListQuestion | undefined {
  const ended = LIST_ENDED.exec(question);
  const supported = ended ? undefined : LIST_SUPPORTED.exec(question) ?? SUPPORTED_LIST.exec(question);
  const m = ended ?? supported;
  const subject = m?.[2]?.trim();
  return subject && VERSIONS_WORD.test(subject) ? { subject, ended: !!ended, ...(m![1] ? { count: true as const } : {}) } : undefined;
}

/** What a question for the versions that have a yes / no property asks ("which Node.js versions are LTS?"). */
export interface FlagListQuestion {
  /** The things it asks about, as written ("Node.js versions"). */
  subject: string;
  /** The property, as written ("LTS", "long-term support"). */
  flag: string;
}

/** "Which Node.js versions are LTS?", "what Ubuntu releases are LTS releases?", "which Java versions have long-term support?" */
const FLAG_LIST = /^\s*(?:which|what)\s+(.+?)\s+(?:are|were|is|was|have|had|get|got)\s+(?:an?\s+)?(.+?)(?:\s+(?:versions|releases|editions|ones))?\s*\??\s*$/i;

/** What a question for a thing's versions that have a property asks, or undefined for another question. */
export function flagListQuestion(question: string): FlagListQuestion | undefined {
  if (statusListQuestion(question)) return undefined;
  const m = FLAG_LIST.exec(question);
  const subject = m?.[1]?.trim();
  const flag = m?.[2]?.trim();
  // A time or a place after the property ("released in 2023") asks something else.
  if (!subject || !flag || !VERSIONS_WORD.test(subject) || /\b(?:in|on|at|before|after|since|during|by|from|than)\b/i.test(flag) || flag.split(/\s+/).length > 4) return undefined;
  return { subject, flag };
}

/** What a question for the versions released, or ended, at a time asks ("which Ubuntu releases came out in 2022?"). */
export interface TimeListQuestion {
  /** The things it asks about, as written ("Ubuntu releases"). */
  subject: string;
  /** Which of each row's dates the time is asked of: its release, or its end of life. */
  role: 'start' | 'end';
  /** Asked of one ("which Fedora version ..."): a list of one is no better than the answer of that one. */
  one?: true;
  /** "How many Rust releases came out in 2023?": the list's length. */
  count?: true;
  /** "What was the first Rust release announced in 2024?": of the list, the one dated first (last). */
  pick?: 'first' | 'last';
}

/** "Which Django versions were released before 2015?", "which Node.js versions reached end of life in 2023?" */
const TIME_LIST = /^\s*(?:which|what|(how many))\s+(.+?)\s+(?:(c[oa]me out|were released|was released|got released|(?:were )?(?:launched|announced|published|shipped))|(reached|hit|went) (?:end[\s-]of[\s-]life|eol)|(?:were )?(?:retired|discontinued)|(?:lost|dropped out of) support)\s+(?:in|during|before|after|since|between|by|from)\b/i;

/** "was the first", "the latest": the one of a list a question asks for. */
const ORDINAL = /^(?:(?:was|is|were|are)\s+)?(?:the\s+)?(first|earliest|last|latest|newest|most\s+recent)\s+/i;

/** What a question for the versions dated at a time asks, or undefined for another question. */
export function timeListQuestion(question: string): TimeListQuestion | undefined {
  const m = TIME_LIST.exec(question);
  const ordinal = ORDINAL.exec(m?.[2] ?? '');
  const subject = (ordinal ? m![2]!.slice(ordinal[0].length) : m?.[2])?.trim();
  // ("Which Fedora version was released in 2023?" asks the same list: 38 and 39 both were.)
  if (!subject || !VERSION_WORD.test(subject)) return undefined;
  const pick = ordinal ? (/^(?:first|earliest)$/i.test(ordinal[1]!) ? 'first' as const : 'last' as const) : undefined;
  return { subject, role: m![3] ? 'start' : 'end', ...(VERSIONS_WORD.test(subject) && !pick ? {} : { one: true as const }), ...(m![1] ? { count: true as const } : {}), ...(pick ? { pick } : {}) };
}

/** What a question for a thing's versions, all of them, asks ("how many Ubuntu LTS releases are there?"). */
export interface AllListQuestion {
  /** The things it asks about, as written ("Ubuntu LTS releases"). */
  subject: string;
  /** "How many ...?": the list's length. */
  count?: true;
}

/** "Which Django versions are there?", "how many Ubuntu LTS releases are there?" */
const ALL_LIST = /^\s*(?:which|what|(how many))\s+(.+?)\s+(?:are|were)\s+there\s*\??\s*$/i;

/** What a question for all of a thing's versions asks, or undefined for another question. */
export function allListQuestion(question: string): AllListQuestion | undefined {
  const m = ALL_LIST.exec(question);
  const subject = m?.[2]?.trim();
  return subject && VERSIONS_WORD.test(subject) ? { subject, ...(m![1] ? { count: true as const } : {}) } : undefined;
}
