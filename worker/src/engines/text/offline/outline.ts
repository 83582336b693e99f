/**
 * Offline outline engine: plans the article the user asked for — working title, intended reader,
 * an H2/H3 structure sized to the chosen length with what each section covers and its word budget,
 * questions to answer and an SEO checklist. It is headed as an outline, never passed off as prose.
 */
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { agreeVerb, titleCase } from '@craftwell/contracts/text-prompts';
import { seededRandom, type Random } from './random.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export const OUTLINE_ENGINE: EngineInfo = ENGINES.offlineOutline;

export interface OutlineSubsection { heading: string; covers: string; words: number }
export interface OutlineSection { heading: string; covers: string; words: number; subsections: OutlineSubsection[] }
export interface Outline {
  topic: string;
  workingTitle: string;
  reader: string;
  targetWords: number;
  introduction: { covers: string; words: number };
  sections: OutlineSection[];
  conclusion: { covers: string; words: number };
  questions: string[];
  seo: string[];
  /** The voice asked for, with what it means for the writer; absent for a neutral tone. */
  tone?: { name: string; guidance: string };
}

/** What each tone asks of the person writing from the outline. */
export const TONE_GUIDANCE: Record<string, string> = {
  friendly: 'write to the reader as "you", short sentences, one light personal example per section',
  professional: 'precise and measured, cite figures and sources, no slang or exclamation marks',
  persuasive: 'open each section with the benefit, back it with evidence, end with a clear call to action',
  playful: 'lively verbs, a touch of humour in the introduction and headings, keep facts accurate',
};

interface Archetype {
  heading: string;
  covers: string;
  subsections?: Array<[string, string]>;
  /** Core sections get a larger share of the body budget. */
  weight?: number;
}

// {T} is the topic in Title Case, {t} as typed. "How to" topics use their own arc.
const NOUN_ARC: { fixed: Archetype[]; optional: Archetype[]; closing: Archetype[] } = {
  fixed: [
    { heading: 'What Is {T}?', covers: 'Define {t} in plain language, where it comes from and who it is for.', subsections: [['A Simple Definition', 'One-sentence definition, then an everyday analogy.'], ['How It Works', 'The moving parts, in the order a newcomer meets them.']] },
    { heading: 'Why {T} Matters', covers: 'The problem {t} solves, its main benefits and what is at stake for the reader.', subsections: [['Key Benefits', 'Three concrete benefits, each with an example or a figure.'], ['Who Gains the Most', 'The readers or situations where it pays off fastest.']], weight: 1.2 },
    { heading: 'How to Get Started With {T}', covers: 'A step-by-step path from zero to a first result.', subsections: [['Step 1: Prepare', 'What to have in place before starting.'], ['Step 2: Take the First Action', 'The smallest useful first step, described precisely.'], ['Step 3: Review and Improve', 'How to check the result and what to adjust.']], weight: 1.4 },
  ],
  optional: [
    { heading: 'Best Practices for {T}', covers: 'Habits and rules of thumb that separate good results from average ones.', subsections: [['What Experienced People Do', 'Practices worth copying, with the reason each works.'], ['Small Habits That Compound', 'Low-effort routines that add up over time.']] },
    { heading: '{T} in Practice: A Real-World Example', covers: 'One concrete case: the situation, what was done and the measurable result.' },
    { heading: 'Tools and Resources for {T}', covers: 'The tools, templates or references worth using, and when each fits.' },
    { heading: 'Costs, Risks and Trade-Offs of {T}', covers: 'What {t} costs in time or money, the risks and when it is not the right choice.' },
  ],
  closing: [
    { heading: 'Common {T} Mistakes (and How to Avoid Them)', covers: 'The mistakes newcomers make most often and the fix for each.', subsections: [['Mistakes Beginners Make', 'Two or three early pitfalls and how to spot them.'], ['How to Recover', 'What to do if the reader has already made them.']] },
    { heading: 'What’s Next for {T}', covers: 'Recent changes, trends to watch and where the reader can go deeper.' },
    { heading: 'Frequently Asked Questions About {T}', covers: 'Short, direct answers to the questions readers search for (see the list below).' },
  ],
};

const HOW_TO_ARC: typeof NOUN_ARC = {
  fixed: [
    { heading: 'Why Learn to {T}?', covers: 'The payoff of learning to {t} and what the reader will be able to do afterwards.' },
    { heading: 'What You Need Before You Start', covers: 'Skills, tools, time and budget needed, with cheaper alternatives.', subsections: [['Tools and Materials', 'A checklist the reader can gather in one go.'], ['Skills and Time', 'What to know already and how long it realistically takes.']] },
    { heading: 'Step-by-Step: How to {T}', covers: 'The full process in numbered steps, each with what “done” looks like.', subsections: [['Step 1: Set Up', 'Preparation and the first decision to make.'], ['Step 2: Do the Core Work', 'The central steps, in order, with timings.'], ['Step 3: Finish and Check', 'How to finish well and verify the result.']], weight: 1.6 },
  ],
  optional: [
    { heading: 'Tips for Better Results', covers: 'Refinements that take the result from acceptable to great.' },
    { heading: 'A Worked Example', covers: 'One complete run-through with real numbers or screenshots.' },
    { heading: 'Tools That Make It Easier', covers: 'Tools and resources that save time, and when each is worth it.' },
    { heading: 'How Long Does It Take, and What Does It Cost?', covers: 'Realistic time and cost ranges, and how to reduce both.' },
  ],
  closing: [
    { heading: 'Common Mistakes and How to Fix Them', covers: 'What usually goes wrong, how to notice it and how to fix it.', subsections: [['Mistakes to Avoid', 'The most frequent errors, each with its cause.'], ['Troubleshooting', 'Symptoms and fixes in a quick-reference form.']] },
    { heading: 'Where to Go From Here', covers: 'Next skills to learn and resources for going deeper.' },
    { heading: 'Frequently Asked Questions', covers: 'Short, direct answers to the questions readers search for (see the list below).' },
  ],
};

/** Sections in the body and intro/conclusion sizes per target length. */
const SHAPES: Record<number, { optional: number; closing: number; intro: number; conclusion: number }> = {
  800: { optional: 0, closing: 1, intro: 90, conclusion: 70 },
  1200: { optional: 1, closing: 1, intro: 110, conclusion: 90 },
  1600: { optional: 1, closing: 2, intro: 130, conclusion: 110 },
};

export interface OutlineRequest {
  topic: string;
  targetWords: number;
  seed: number;
  now?: Date;
  tone?: string;
  audience?: string;
  /** Section headings the user planned: used as they are, in their order. */
  headings?: string[];
}

export function buildOutline({ topic, targetWords, seed, now = new Date(), tone, audience: askedAudience, headings }: OutlineRequest): Outline {
  const random = seededRandom(seed);
  const howTo = /^how to\s+/i.exec(topic);
  // "solar power for homeowners": the reader goes to the plan, the subject to the headings.
  const audience = /(?<!\s)\s+for\s+([^,.;]+)$/i.exec(afterLastClause(topic));
  const subject = (howTo ? topic.slice(howTo[0].length) : topic).replace(audience?.[0] ?? '\u0000', '').trim() || topic;
  const arc = howTo ? HOW_TO_ARC : NOUN_ARC;
  const shape = SHAPES[targetWords] ?? shapeFor(targetWords);

  const optional = random.shuffle(arc.optional).slice(0, shape.optional);
  // Every article closes on mistakes; long ones add an outlook or an FAQ.
  const closing = shape.closing > 1 ? [arc.closing[0], arc.closing[1 + random.int(2)]] : [arc.closing[0]];
  // The user's own headings replace the planned ones; the engine still budgets and briefs them.
  const archetypes: Archetype[] = headings?.length
    ? headings.map((heading) => ({ heading, covers: `The key points of "${heading}" for {t}: explain them plainly, give one concrete example and end with what the reader should do.` }))
    : [...arc.fixed, ...optional, ...closing];

  const fill = (text: string) => agreeVerb(text, subject).replaceAll('{T}', titleCase(subject)).replaceAll('{t}', subject);
  const bodyWords = targetWords - shape.intro - shape.conclusion;
  const sectionWords = splitBudget(bodyWords, archetypes.map((a) => a.weight ?? 1));
  const sections = archetypes.map((archetype, index): OutlineSection => {
    const words = sectionWords[index];
    const subs = archetype.subsections ?? [];
    // A section's lead-in gets a fifth; its H3s share the rest.
    const subWords = subs.length ? splitBudget(words - Math.round(words * 0.2), subs.map(() => 1)) : [];
    return {
      heading: fill(archetype.heading),
      covers: fill(archetype.covers),
      words,
      subsections: subs.map(([heading, covers], i) => ({ heading: fill(heading), covers: fill(covers), words: subWords[i] })),
    };
  });

  return {
    topic,
    workingTitle: workingTitle(subject, Boolean(howTo), random, now),
    // An audience the user named wins over the one guessed from the topic.
    reader: askedAudience?.trim() ? askedAudience.trim() : intendedReader(topic, subject, Boolean(howTo)),
    ...(tone && TONE_GUIDANCE[tone] ? { tone: { name: tone, guidance: TONE_GUIDANCE[tone] } } : {}),
    targetWords,
    introduction: { covers: `Hook with a relatable problem or a striking fact about ${howTo ? topic.toLowerCase() : subject}, say who the article is for and promise what they will be able to do by the end.`, words: shape.intro },
    sections,
    conclusion: { covers: 'Recap the three most useful points, then one clear next step the reader can take today.', words: shape.conclusion },
    questions: questions(subject, Boolean(howTo), random, targetWords >= 1200 ? 7 : 5),
    seo: seoChecklist(topic, targetWords),
  };
}

function shapeFor(targetWords: number) {
  return targetWords <= 800 ? SHAPES[800] : targetWords <= 1200 ? SHAPES[1200] : SHAPES[1600];
}

/** Splits `total` by weights into whole numbers (rounded to 10s where possible) that sum to total. */
export function splitBudget(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map((r) => Math.floor(r / 10) * 10);
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - parts[i], i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; rest >= 10; k = (k + 1) % order.length, rest -= 10) parts[order[k][1]] += 10;
  parts[order[0][1]] += rest;
  return parts;
}

function workingTitle(subject: string, howTo: boolean, random: Random, now: Date): string {
  const s = titleCase(subject);
  const options = howTo
    ? [`How to ${s}: A Step-by-Step Guide`, `How to ${s} (Even If You’re Just Starting)`, `How to ${s} in ${now.getFullYear()}: A Practical Guide`]
    : [`${s}: A Practical Guide`, `The Complete Guide to ${s}`, `${s} Explained: What It Is, Why It Matters and How to Start`, `Everything You Need to Know About ${s}`];
  return titleCase(random.pick(options));
}

function intendedReader(topic: string, subject: string, howTo: boolean): string {
  const forWhom = /\bfor\s+([^,.;]+)$/i.exec(afterLastClause(topic));
  if (forWhom) return `${capitalise(forWhom[1].trim())} who want a clear, practical take on ${subject}.`;
  if (howTo) return `People who want to learn to ${subject} and need clear steps, realistic timings and fixes for what goes wrong.`;
  if (/\b(beginner|newbie|basics|101|introduction)\b/i.test(topic)) return `Complete beginners to the subject who want plain language and a first step they can take today.`;
  if (/\b(advanced|scal\w*|architecture|optimi[sz]\w*|enterprise)\b/i.test(topic)) return `Practitioners who know the basics of ${topic} and want depth, trade-offs and proven practice.`;
  return `Curious readers new to ${topic} who want a clear overview and practical steps, without jargon.`;
}

function questions(subject: string, howTo: boolean, random: Random, count: number): string[] {
  const pool = howTo
    ? [
        `How long does it take to ${subject} for the first time?`,
        `What is the minimum you need to ${subject}?`,
        `What is the most common mistake people make when they ${subject}?`,
        `How can the reader tell that it worked?`,
        `Is there a faster or cheaper way to ${subject}?`,
        `What should the reader do if a step fails?`,
        `What should they learn next?`,
        `Can a complete beginner ${subject}, and what helps most?`,
      ]
    : [
        `What exactly is ${subject}, in one sentence?`,
        `Who benefits most from ${subject}, and who can skip it?`,
        `What does it cost, in time or money, to get started with ${subject}?`,
        `What are the first three steps a beginner should take?`,
        `What is the most common misconception about ${subject}?`,
        `How will the reader know it is working?`,
        `What has changed about ${subject} recently?`,
        `What are the alternatives to ${subject}, and when are they better?`,
      ];
  return random.shuffle(pool).slice(0, count);
}

function seoChecklist(topic: string, targetWords: number): string[] {
  const keyword = topic.toLowerCase();
  const slug = keyword.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  const minutes = Math.ceil(targetWords / 200);
  const internal = Math.max(2, Math.round(targetWords / 400));
  const images = Math.max(1, Math.round(targetWords / 400));
  return [
    `Primary keyword “${keyword}” in the title, the first 100 words, one H2 and the meta description`,
    `Meta description under 155 characters that promises a concrete outcome`,
    `URL slug: /${slug}`,
    `${internal} internal links to related posts and 1–2 links to authoritative sources`,
    `${images} image${images > 1 ? 's' : ''} with descriptive alt text that mentions the topic naturally`,
    `Short paragraphs (2–4 sentences) and a subheading at least every 300 words`,
    `Reading time about ${minutes} minutes at 200 words per minute — stay within 10% of ${targetWords} words`,
    `End with a clear call to action`,
  ];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function renderOutline(outline: Outline): string {
  const lines: string[] = [
    `# Article outline: ${outline.workingTitle}`,
    '',
    `> **This is an outline, not a finished article.** No AI writing model is configured on this Craftwell server, so the offline outline engine planned a ${outline.targetWords}-word article on “${outline.topic}” for you to write. Each section says what to cover and how many words to spend on it.`,
    '',
    '## The plan',
    '',
    `- **Working title:** ${outline.workingTitle}`,
    `- **Intended reader:** ${outline.reader}`,
    ...(outline.tone ? [`- **Tone:** ${outline.tone.name} — ${outline.tone.guidance}`] : []),
    `- **Target length:** ${outline.targetWords} words (about ${Math.ceil(outline.targetWords / 200)} min read)`,
    '',
    '## Structure and word budget',
    '',
    `- **Introduction** — ${outline.introduction.words} words: ${outline.introduction.covers}`,
  ];
  for (const section of outline.sections) {
    lines.push(`- **H2: ${section.heading}** — ${section.words} words: ${section.covers}`);
    for (const sub of section.subsections) lines.push(`  - H3: ${sub.heading} — ${sub.words} words: ${sub.covers}`);
  }
  lines.push(`- **Conclusion** — ${outline.conclusion.words} words: ${outline.conclusion.covers}`, '');
  lines.push('## Questions the article should answer', '', ...outline.questions.map((q) => `- ${q}`), '');
  lines.push('## SEO checklist', '', ...outline.seo.map((item) => `- [ ] ${item}`), '');
  return lines.join('\n');
}

/**
 * The text after the last , . or ; — the only place a `for ...$` phrase can match. Searching
 * just there keeps those patterns linear (on the whole topic each "for" rescanned to the end).
 */
function afterLastClause(topic: string): string {
  const cut = Math.max(topic.lastIndexOf(','), topic.lastIndexOf('.'), topic.lastIndexOf(';'));
  return topic.slice(cut + 1);
}
