import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../src/answer/question.ts';
import { answerFromText, holdsAsked, statesFrequency } from '../../src/answer/text-answer.ts';
import { extractTimestamps } from '../../src/temporal/index.ts';
import { splitSentences } from '../../src/text/segment.ts';

function passage(text: string, heading?: string) {
  return { text, heading, sentences: splitSentences(text).map((s) => ({ ...s, times: extractTimestamps(text.slice(s.start, s.end)) })) };
}

/** Whether the first sentence of `text` holds what `question` asks for (`holdsAsked`). */
function holds(question: string, text: string) {
  const p = passage(text);
  return holdsAsked(analyzeQuestion(question), p.text, p.sentences[0]!);
}

const pm = passage('Theresa May resigned in 2019. Boris Johnson became prime minister of the United Kingdom on 24 July 2019. He led the Conservatives to a majority of 80 seats in the December 2019 election.');

describe('text answers', () => {
  it('picks the sentence that names the question and marks the date a "when" question asks for', () => {
    const a = answerFromText(analyzeQuestion('When did Boris Johnson become prime minister?'), pm)!;
    expect(pm.text.slice(...a.sentence)).toMatch(/^Boris Johnson became/);
    expect(a.text).toBe('24 July 2019');
    expect(pm.text.slice(a.sentence[0] + a.span![0], a.sentence[0] + a.span![1])).toBe('24 July 2019');
    // "become" and "became" are different terms to the stemmer: four of five named.
    expect(a.confidence).toBe(0.8);
  });

  it('answers a question for a time with a sentence that states one, and a "when" of circumstance with the sentence', () => {
    const notes = passage('Title: Osprey 2 Release Notes. Osprey 2 was released on 14 March 2022 with a new planner.');
    const a = answerFromText(analyzeQuestion('When was Osprey 2 released?'), notes)!;
    expect(a.text).toBe('14 March 2022');
    // A present "when" may ask under what condition: the sentence that says it, dated or not.
    const rule = passage('Goodwill is considered impaired if its carrying value is greater than its recoverable amount. Goodwill was tested on 31 March 2019.');
    const c = answerFromText(analyzeQuestion('When is goodwill considered impaired?'), rule)!;
    expect(c.text).toMatch(/^Goodwill is considered impaired if/);
  });

  it('reads what a word means only from a sentence that holds the word', () => {
    expect(holds('What does EOAS mean?', 'Anomalies are deviations from the corresponding 1951-1980 means.')).toBe(false);
    expect(holds('What does EOAS mean?', 'EOAS is the end of active support of a release.')).toBe(true);
    expect(holds('What does the release team lead do?', 'The Docs Lead keeps the documentation up to date.')).toBe(false);
  });

  it('answers how long something takes, where no two dated things are named, only with a sentence that states a length', () => {
    expect(holds('How many weeks does a Kubernetes release cycle take?', 'The 1.21 release cycle is proposed as follows:')).toBe(false);
    expect(holds('How many weeks does a Kubernetes release cycle take?', 'A Kubernetes release cycle takes about 15 weeks.')).toBe(true);
  });

  it('dates the event a "when was X done?" question names only with a sentence that says it was, or a post\'s front matter', () => {
    expect(holds('When was PEP 13 created?', 'This document describes the January 2019 election for the council, as specified in PEP 13.')).toBe(false);
    expect(holds('When was PEP 13 created?', 'PEP 13 was created in December 2018.')).toBe(true);
    expect(holds('When was Osprey 1.0 alpha released?', 'date: 2015-01-09 path: 2015/01/09/Osprey-1.0-alpha title: Announcing Osprey 1.0 Alpha authors: The Osprey Team')).toBe(true);
  });

  it('does not answer for one end of a span with a time stated as the other, nor with another version\'s number', () => {
    const released = 'When was Osprey 2 released?';
    const ends = 'When will Osprey 2 support end?';
    const until = 'Osprey 2 will get security updates for all packages until June 30, 2026.';
    expect(holds(released, until)).toBe(false);
    expect(holds(ends, until)).toBe(true);
    // When something ends, a sentence says so; a present "when does ... end?" asks a time.
    expect(holds('When does Osprey 2 reach end of life?', 'Osprey 2 reached general availability in March 2023.')).toBe(false);
    expect(holds('When does Osprey 2 reach end of life?', until)).toBe(true);
    // A sentence about an end of life does not say when something was released, unless it says that too.
    expect(holds(released, 'As of 2024-10-07, Osprey 2 has reached the end-of-life phase of its release cycle.')).toBe(false);
    expect(answerFromText(analyzeQuestion(released), passage('Osprey 2 was released on 2019-10-14 and reached end of life on 2024-10-07.'))!.text).toBe('2019-10-14');
    expect(holds(ends, 'Osprey 2 has been available since 2018.')).toBe(false);
    expect(holds(released, 'Osprey 2 has been available since 2018.')).toBe(true);
    // When something came out, a sentence says a release (in any form), not another thing it dates.
    expect(holds('When did Osprey 1.4 come out?', 'Code that has not updated will stop compiling with Osprey 1.4 around June 1, 2015.')).toBe(false);
    expect(holds(released, 'The final Osprey 2 release is scheduled for May 15th, 2015.')).toBe(true);
    // "Osprey 2023" is a version of Osprey, not a year, whether or not the question names one.
    const successor = 'The company announced Osprey 2023 as a successor to Osprey 2, with a new planner.';
    expect(holds(released, successor)).toBe(false);
    expect(holds('When was a successor to Osprey announced?', successor)).toBe(false);
    expect(holds('When was a successor to Osprey announced?', 'The company announced Osprey 2023 as a successor to Osprey 2 in March 2023.')).toBe(true);
  });

  it('answers "which version" only with a sentence that names something numbered besides its dates', () => {
    const q = 'What version of Osprey added the planner?';
    expect(holds(q, 'Osprey builds on top of its core, adding a planner for memory allocation.')).toBe(false);
    expect(holds(q, 'Osprey added the planner in 2019.')).toBe(false);
    expect(holds('Which edition of POSIX requires the planner?', 'Unlike its predecessors, POSIX.1-2024 requires the planner.')).toBe(true);
    expect(holds(q, 'Osprey 2.4 added the planner.')).toBe(true);
    // It names the version the question gives as well: not one on another version beside it.
    const macos = 'Which Osprey version is the last to support macOS 10.15?';
    expect(holds(macos, 'Osprey 1.20 is the last release that will support macOS 10.13 High Sierra.')).toBe(false);
    expect(holds(macos, 'Osprey 1.22 is the last release that will support macOS 10.15 Catalina.')).toBe(true);
    // And the ordinal it asks: what a later version requires does not say which is the last.
    expect(holds(macos, 'Osprey 1.21 will require macOS 10.15 Catalina or later.')).toBe(false);
    // A thing named with a number of one part alike ("Windows 7"), whether or not a list follows it.
    const windows = 'Which Osprey release was the last to run on Windows 7?';
    expect(holds(windows, 'Osprey 1.10 is the last release that will run on Windows XP or Windows Vista.')).toBe(false);
    expect(holds(windows, 'Osprey 1.20 is the last release that will run on any release of Windows 7, 8, Server 2008 and Server 2012.')).toBe(true);
  });

  it('answers "when" with a day written without its year where the question gives none', () => {
    const line = passage('Thursday, April 8th: Week 13 - Osprey v1.21.0 released');
    expect(answerFromText(analyzeQuestion('When was Osprey v1.21.0 released?'), line)!.text).toBe('Thursday, April 8th');
    // Not for a question that gives a year: a day of another year may be meant.
    expect(holds('When was Osprey v1.21.0 released in 2021?', 'Thursday, April 8th: Week 13 - Osprey v1.21.0 released')).toBe(false);
  });

  it('answers "how many" with a sentence that states a count the question does not give', () => {
    const q = 'How many members does the Osprey council have?';
    expect(holds(q, 'While someone is inactive, they lose their privileges like voting for the Osprey council.')).toBe(false);
    expect(holds(q, 'The Osprey council shall consist of five people.')).toBe(true);
    expect(holds(q, 'The Osprey council has had 12 members since 2019.')).toBe(true);
    expect(holds('How many members did the Osprey council have in 2019?', 'The Osprey council was elected in 2019.')).toBe(false);
    // A year, or a number that names something, counts nothing.
    expect(holds(q, 'Name: 2021 Osprey Council Election.')).toBe(false);
    // Nor does a part of a date, of a time of day or of a version, where a count follows.
    const ballots = analyzeQuestion('How many ballots were cast in the Osprey election?');
    expect(answerFromText(ballots, passage('Ballot voting starts at: December 1, 2020 00:00 UTC.'))?.span).toBeUndefined();
    expect(answerFromText(ballots, passage('In the end, 74 ballots were cast.'))?.text).toBe('74');
    // Of the counts, the one the noun asked follows.
    const results = passage('Of 100 eligible voters, 76 cast ballots.');
    expect(answerFromText(analyzeQuestion('How many eligible voters were there?'), results)?.text).toBe('100');
    expect(answerFromText(ballots, results)?.text).toBe('76');
    expect(answerFromText(analyzeQuestion('How many Osprey releases were announced?'), passage('Osprey 1.80.1 was announced with 2 fixes.'))?.text).toBe('2');
    expect(holds(q, 'Election for the Osprey council, as specified in PEP 13.')).toBe(false);
    expect(holds(q, 'The Osprey council is a 5-person committee.')).toBe(true);
  });

  it('answers "who won / led / wrote ...?" with a sentence that says the deed, not a name it lists for another reason', () => {
    expect(holds('Who won the 2019 Osprey council election?', 'Author: Nathaniel Smith, Ee Durbin')).toBe(false);
    expect(holds('Who won the 2019 Osprey council election?', 'Barry Warsaw was elected to the Osprey council in 2019.')).toBe(true);
    expect(holds('Who won the 2019 Osprey council election?', 'The winner was Carol Willing.')).toBe(true);
    expect(holds('Who wrote PEP 13?', 'Author: The Python core team')).toBe(true);
    expect(holds('Who led the Osprey 1.33 release team?', 'Nina Polshakova led the team.')).toBe(true);
    expect(holds('Who founded Osprey?', 'Osprey was founded by Jane Doe.')).toBe(true);
    expect(holds('Who founded Osprey?', 'Jane Doe maintains Osprey.')).toBe(false);
    // Any verb the question asks the deed by, in its forms ("maintains": "maintained", "maintainer").
    expect(holds('Who maintains the Osprey database?', 'For the UK the Osprey database relies on years of work done by Joseph Myers.')).toBe(false);
    expect(holds('Who maintains the Osprey database?', 'The Osprey database is maintained by Paul Eggert.')).toBe(true);
    expect(holds('Who administers the Osprey election?', 'The council appointed Ee Durbin to administer the election.')).toBe(true);
  });

  it('answers "what was the highest ...?" only with a sentence that states a figure', () => {
    expect(holds('What was the highest monthly CO2 reading at Mauna Loa?', 'Two main series are provided: the Mauna Loa series (since 1958) and a global average.')).toBe(false);
    expect(holds('What was the highest monthly CO2 reading at Mauna Loa?', 'The highest monthly reading at Mauna Loa was 432.34 ppm, in May 2026.')).toBe(true);
  });

  it('dates a version the question names only by a sentence, a heading or a title that names it', () => {
    const q = 'When was Osprey 3.11.0 released?';
    const s = 'After that, the final bugfix update was released on October 24, 2022.';
    expect(holdsAsked(analyzeQuestion(q), s, passage(s).sentences[0]!, { heading: '3.10 Lifespan › Osprey 3.10 Release Schedule', section: '3.10 Lifespan' })).toBe(false);
    expect(holdsAsked(analyzeQuestion(q), s, passage(s).sentences[0]!, { heading: '3.11.0 final › Osprey 3.11 Release Schedule', section: '3.11.0 final' })).toBe(true);
    const own = 'Osprey 3.11.0 was released on October 24, 2022.';
    expect(holdsAsked(analyzeQuestion(q), own, passage(own).sentences[0]!)).toBe(true);
    // So is a length of time.
    const long = analyzeQuestion('How long was Osprey 3.9 supported?');
    const other = 'Note: 2 years of full support start with Osprey 3.13.';
    expect(holdsAsked(long, other, passage(other).sentences[0]!)).toBe(false);
    const range = '3.9 - 3.12 have 1½ year of full support, followed by 3.5 years of security fixes.';
    expect(holdsAsked(long, range, passage(range).sentences[0]!)).toBe(true);
  });

  it('answers "what is the codename ...?" with a sentence that calls something by a name', () => {
    expect(holds('What is the codename of Osprey 22.04?', 'After the release of Osprey 22.04, the team skipped 22.10.')).toBe(false);
    expect(holds('What is the codename of Osprey 22.04?', 'Osprey 22.04 is codenamed Jammy Jellyfish.')).toBe(true);
  });

  it('answers "how often" with a sentence or a cell that states a frequency', () => {
    const q = analyzeQuestion('How often is Osprey released?');
    const plan = passage('Osprey is released by the release team. A new Osprey version is released every six months.');
    expect(holdsAsked(q, 'Osprey is released by the release team.', plan.sentences[0]!)).toBe(false);
    expect(answerFromText(q, plan)!.text).toBe('A new Osprey version is released every six months.');
    for (const f of ['annually', 'twice a year', 'once per quarter', 'every release', 'on a 12-month release cycle']) expect(statesFrequency(f)).toBe(true);
    for (const n of ['Benjamin Peterson', 'in 12 months', 'year-report.pdf']) expect(statesFrequency(n)).toBe(false);
    // A cadence asked is a frequency asked.
    const cadence = analyzeQuestion('What is the release cadence of Osprey?');
    expect(holdsAsked(cadence, 'Before code freeze we increase the cadence of release team meetings.', passage('Before code freeze we increase the cadence of release team meetings.').sentences[0]!)).toBe(false);
    expect(holdsAsked(cadence, 'A new Osprey version is released every six months.', plan.sentences[1]!)).toBe(true);
  });

  it('answers "who" only with a sentence that names someone the question does not', () => {
    const q = 'Who is the release manager for Osprey?';
    for (const text of ['RM = Release Manager', 'A version is of the form 3.X.YaN for Osprey.', 'Osprey is released in October, by the team.', 'The release manager of Osprey is chosen as specified in PEP 13.']) expect(holds(q, text)).toBe(false);
    expect(answerFromText(analyzeQuestion(q), passage('The release manager for Osprey is Savannah Ostrowski.'))!.text).toBe('Savannah Ostrowski');
    // A month alone is a time; within a name it is part of it.
    expect(answerFromText(analyzeQuestion('Who resigned as prime minister?'), passage('As prime minister, Theresa May resigned.'))!.text).toBe('Theresa May');
    // A run after an article names a title or a body (and so does what goes on it with "of"),
    // not the person the sentence names after it; alone, it is still read.
    const administered = analyzeQuestion('Who administered the 2025 Osprey council election?');
    expect(answerFromText(administered, passage('The council appointed the Osprey Software Foundation Director of Infrastructure, Ee Durbin, to administer the election.'))!.text).toBe('Ee Durbin');
    expect(answerFromText(administered, passage('The election was administered by the Python Software Foundation.'))!.text).toBe('Python Software Foundation');
  });

  it('does not read a year that numbers a product ("Server 2008") as a time', () => {
    const q = 'When was Osprey 1.20 released?';
    expect(holds(q, 'Osprey 1.20 is the last release that will run on Windows 7, Server 2008 and Server 2012.')).toBe(false);
    for (const text of ['In 2018, Osprey 1.20 was released.', 'Osprey 1.20 was released in Summer 2008.', 'Osprey 1.20 came out in FY 2019.']) expect(holds(q, text)).toBe(true);
  });

  it('answers "how long" with a sentence that states a length of time', () => {
    const plan = passage('Osprey Plus covers the community repository. The community repository gets fixes for 8 years after each release.');
    const a = answerFromText(analyzeQuestion('How long does Osprey Plus cover the community repository?'), plan)!;
    expect(plan.text.slice(...a.sentence)).toBe('The community repository gets fixes for 8 years after each release.');
  });

  it('reads the number a "how many" question asks for, not one the question gives', () => {
    const a = answerFromText(analyzeQuestion('How many seats was the majority in the December 2019 election?'), pm)!;
    expect(a).toMatchObject({ text: '80', value: 80 });
  });

  it('keeps the whole sentence as the answer when no span applies, and honours a reranker\'s sentence', () => {
    const q = analyzeQuestion('Who led the Conservatives?');
    expect(answerFromText(q, pm)!.text).toMatch(/^He led the Conservatives/);
    const preferred = answerFromText(q, pm, { preferred: 'Theresa May resigned in 2019.' })!;
    expect(pm.text.slice(...preferred.sentence)).toBe('Theresa May resigned in 2019.');
    expect(preferred.text).toBe('Theresa May');
  });

  it('reads the name a "who" question asks for: not the words the question gives, not a date, not a title', () => {
    const q = analyzeQuestion('Who was UK prime minister as of 6 May 2021?');
    const a = answerFromText(q, passage('Boris Johnson became Prime Minister of the United Kingdom on 24 July 2019, after Theresa May resigned.'))!;
    expect(a.text).toBe('Boris Johnson');
    const titled = answerFromText(analyzeQuestion('Who owned the house in 1916?'), passage('In 1915, Col. William Pattison bought the house.'))!;
    expect(titled.text).toBe('William Pattison');
    const particle = answerFromText(analyzeQuestion('Who presided over the European Commission in 2020?'), passage('In December 2019 Ursula von der Leyen took office as President of the European Commission.'))!;
    expect(particle.text).toBe('Ursula von der Leyen');
    // A lone capitalised word opening the sentence is not taken for a name.
    const opener = answerFromText(analyzeQuestion('Who chaired the board in 2020?'), passage('Later the board was chaired by a committee in 2020.'))!;
    expect(opener.text).toBe('Later the board was chaired by a committee in 2020.');
  });

  it('counts the heading toward support, and says how little an unrelated sentence covers', () => {
    const bio = passage('He was born in New York in 1964.', 'Boris Johnson');
    expect(answerFromText(analyzeQuestion('Where was Boris Johnson born?'), bio)!.confidence).toBe(1);
    expect(answerFromText(analyzeQuestion('What is the boiling point of mercury?'), pm)!.confidence).toBe(0);
  });
});

/** A list as the chunker gives it: each line (item or lead-in) a sentence of its own. */
function lines(text: string, heading?: string) {
  const sentences = [...text.matchAll(/[^\n]+/g)].map((m) => {
    const line = m[0];
    return { start: m.index, end: m.index + line.length, times: extractTimestamps(line) };
  });
  return { text, heading, sentences };
}

describe('list items and their lead-in', () => {
  const list = lines('The club has had these head coaches:\n\n- Leu Mazurkevich (1973–1981)\n\n- Anatoly Baidachny (1982–1995)\n\n- Yuri Puntus (1 March 1996 – 30 November 2004)', 'Dynamo');
  it('never answers with the bare lead-in line: its words go to the items under it', () => {
    const a = answerFromText(analyzeQuestion('Which head coach did the club have?'), list)!;
    expect(list.text.slice(...a.sentence)).not.toMatch(/:$/);
    expect(list.text.slice(...a.sentence)).toMatch(/^- /);
  });

  it('answers a "which X" question with the item label when the lead-in names X, else the sentence', () => {
    const a = answerFromText(analyzeQuestion('Which coach led the club from 1982 to 1995?'), list, { preferred: '- Anatoly Baidachny (1982–1995)' })!;
    expect(a.text).toBe('Anatoly Baidachny');
    const albums = lines('Albums:\n\n- Rito (Ariola, 1973)', 'Discography');
    const b = answerFromText(analyzeQuestion('Which label was he recording under in 1973?'), albums, { preferred: '- Rito (Ariola, 1973)' })!;
    expect(b.text).toBe('- Rito (Ariola, 1973)');
  });

  it('answers a "which version" question with the version number, not a date or a number the question gives', () => {
    const v = passage('Wednesday 13th December 2023: Week 15 — Kubernetes v1.29.0 released for Kubernetes 1.28 users.');
    expect(answerFromText(analyzeQuestion('Which Kubernetes release replaced 1.28 in December 2023?'), v)!.text).toBe('v1.29.0');
  });

});

describe('release notes and code', () => {
  it('answers "which release did X?" with the version its notes are about, where the sentence says X is new or its section is X', () => {
    const notes = (text: string, section: string, title: string) => ({ ...passage(text, `${section} ${title}`), section });
    const embed = notes('Files can be read at run time. The new embed package provides access to files embedded in the program.', 'Embedded Files', 'Osprey 1.16 Release Notes');
    const found = answerFromText(analyzeQuestion('Which Osprey release added the embed package?'), embed)!;
    expect(found.text).toBe('1.16');
    expect(embed.text.slice(...found.sentence)).toBe('The new embed package provides access to files embedded in the program.');
    // A section headed by the feature is about it, whatever its sentence says.
    const chains = notes('Let chains are only available in the 2024 edition.', 'Let chains', 'Announcing Osprey 1.88.0');
    expect(answerFromText(analyzeQuestion('Which Osprey release stabilized let chains?'), chains)!.text).toBe('1.88.0');
    // A sentence that names a word of it in passing does not say when it came.
    const q = analyzeQuestion('Which Osprey version stabilized let-else?');
    const slices = notes('These let you match on slices similar to how you match on other data types.', 'Basic slice patterns', 'Announcing Osprey 1.26');
    expect(holdsAsked(q, slices.text, slices.sentences[0]!, slices)).toBe(false);
    const vendor = notes('Commands in workspaces can now use a vendor directory.', 'Osprey command', 'Osprey 1.22 Release Notes');
    expect(holdsAsked(analyzeQuestion('Which Osprey version added workspaces?'), vendor.text, vendor.sentences[0]!, vendor)).toBe(false);
    // The question's own version, however written, is not the answer; another release of its series is.
    const edition = notes('This release brings the 2021 edition.', 'Editions', 'Announcing Osprey 1.56.0');
    expect(answerFromText(analyzeQuestion('Which edition did Osprey 1.56 release?'), edition)!.text).not.toBe('1.56.0');
    expect(answerFromText(analyzeQuestion('Which Osprey 3.8 release came out in May 2020?'), passage('Osprey 3.8.3 came out on Wednesday, 2020-05-13.'))!.text).toBe('3.8.3');
    // A sentence that names a version of its own answers only where it names what was done.
    const verify = notes('It turns out verify-ich was turned on in version 1.52.0.', 'Background', 'Announcing Osprey 1.52.1');
    expect(holdsAsked(analyzeQuestion('Which Osprey release added OnceLock?'), verify.text, verify.sentences[0]!, verify)).toBe(false);
    // A name written as code is written so where it is meant; the thing's own name ("Osprey") and "file" are in many sentences.
    const install = notes('This form of osprey install was added in Osprey 1.16; osprey get reports an error, since there is no osprey.mod file.', 'Osprey command', 'Osprey 1.18 Release Notes');
    expect(holdsAsked(analyzeQuestion('Which Osprey release added the osprey.work file?'), install.text, install.sentences[0]!, install)).toBe(false);
    // "Who was the X release manager?": a sentence or heading names the role.
    const setup = notes('# Install requirements pip install -r scripts/requirements.txt', 'Preparation', 'Gold prices');
    expect(holdsAsked(analyzeQuestion('Who was the Osprey 3.11 release manager?'), setup.text, setup.sentences[0]!, setup)).toBe(false);
    const rm = notes('3.11 Release Manager: Jane Doe', 'Release Manager and Crew', 'PEP 664 – Osprey 3.11 Release Schedule');
    expect(holdsAsked(analyzeQuestion('Who was the Osprey 3.11 release manager?'), rm.text, rm.sentences[0]!, rm)).toBe(true);
    const work = notes('Osprey 1.18 adds the osprey.work file.', 'Osprey command', 'Osprey 1.18 Release Notes');
    expect(holdsAsked(analyzeQuestion('Which Osprey release added the osprey.work file?'), work.text, work.sentences[0]!, work)).toBe(true);
    expect(holdsAsked(analyzeQuestion('Which Osprey 3.8 release came out in May 2020?'), '3.8.3 final: Wednesday, 2020-05-13', { start: 0, end: 34, times: [] }, {})).toBe(true);
    // A release line the sentence names ("the Osprey 1 guarantee") is not the release its notes are about.
    const family = notes('Their API is not covered by the Osprey 1 guarantee and may change as we learn more about generics.', 'Generics', 'Osprey 1.18 Release Notes');
    expect(answerFromText(analyzeQuestion('Which Osprey version added generics?'), family)!.text).toBe('1.18');
    // A version the sentence names itself comes first.
    const own = notes('Osprey 1.10 is the last release that will run on Windows XP.', 'Ports', 'Osprey 1.12 Release Notes');
    expect(answerFromText(analyzeQuestion('Which Osprey release removed support for Windows XP?'), own)!.text).toBe('1.10');
  });

  it('passes over code: a passage\'s prose answers before its code', () => {
    const prose = 'Let chains allow && between let statements.';
    const code = 'if let Some(v) = info() && v.minor == 88 { println!("stabilized in 1.88"); }';
    const text = `${prose} ${code}`;
    const p = { text, sentences: [{ start: 0, end: prose.length, times: [] }, { start: prose.length + 1, end: text.length, times: [] }] };
    const found = answerFromText(analyzeQuestion('Which version stabilized let chains?'), p);
    expect(text.slice(...found!.sentence)).toBe(prose);
  });

  it('reads a changelog: a version\'s date from its heading, an item\'s version and date from the headings it stands under', () => {
    const item = (text: string, section: string) => ({ ...passage(text, `${section} Changelog`), section });
    const danish = item('Danish translation.', '[1.2.0] - 2019-02-15 › Added');
    const dropped = item('Dropped support for Python 2.6.', '[1.1.0] - 2017-11-20 › Removed');
    const released = answerFromText(analyzeQuestion('When was version 1.2.0 released?'), danish)!;
    expect([released.text, released.heading]).toEqual(['2019-02-15', '[1.2.0] - 2019-02-15']);
    expect(answerFromText(analyzeQuestion('When was the Danish translation added?'), danish)!.text).toBe('2019-02-15');
    expect(answerFromText(analyzeQuestion('When was support for Python 2.6 dropped?'), dropped)!.text).toBe('2017-11-20');
    expect(answerFromText(analyzeQuestion('Which version added the Danish translation?'), danish)).toMatchObject({ text: '1.2.0', heading: '[1.2.0] - 2019-02-15' });
    expect(answerFromText(analyzeQuestion('Which version dropped support for Python 2.6?'), dropped)!.text).toBe('1.1.0');
    // "Of" the product, lower-case or not, is whose release, not what it did.
    expect(answerFromText(analyzeQuestion('Which version of the osprey app dropped support for Python 2.6?'), dropped)!.text).toBe('1.1.0');
    // Not another version's date, another item, or another kind of change.
    const q = (question: string, p: typeof danish) => holdsAsked(analyzeQuestion(question), p.text, p.sentences[0]!, p);
    expect(q('When was version 1.3.0 released?', danish)).toBe(false);
    expect(q('When was the Brazilian translation added?', danish)).toBe(false);
    expect(q('Which version added Brazilian translation?', danish)).toBe(false);
    expect(q('When was the Danish translation removed?', danish)).toBe(false);
    expect(q('Which version added support for Python 2.6?', dropped)).toBe(false);
    // A dated note ("Update (April 2014)") under a schedule's title releases nothing.
    const update = { ...passage('This decision was made to clarify the status of Osprey 2.7.', 'Update (April 2014) Osprey 2.7 Release Schedule'), section: 'Update (April 2014)' };
    expect(holdsAsked(analyzeQuestion('When was Osprey 2.7 released?'), update.text, update.sentences[0]!, update)).toBe(false);
    // A section headed by a date alone is a release no number names: the title's is not its.
    const weekly = { ...passage('The new slices package sorts slices.', '2010-09-06 Osprey 1 weekly snapshots'), section: '2010-09-06' };
    expect(answerFromText(analyzeQuestion('Which Osprey release added the slices package?'), weekly)!.text).not.toBe('1');
  });
});
