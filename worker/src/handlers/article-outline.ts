/**
 * Plans an article's sections before the draft, so the user can edit them: a text model lists
 * headings; without one, the offline outline engine's own plan is used. The reply is a markdown
 * list of headings; nothing is saved and no quota is spent (the draft spends it).
 */
import type { JobHandler } from '@craftwell/contracts/handler';
import { TransientJobError } from '@craftwell/contracts/handler';
import { ARTICLE_MAX_SECTIONS } from '@craftwell/contracts/jobs';
import { parseArticleTopic, validateTextPrompt } from '@craftwell/contracts/text-prompts';
import { toJobError } from '../engines/text/job-errors.js';
import { buildOutline } from '../engines/text/offline/outline.js';
import { randomSeed } from '../engines/text/offline/random.js';
import type { TextEngines } from '../engines/text/registry.js';
import { voiceInstructions } from './article.js';

/** "1. Why it matters", "- **Costs**", "## Costs" -> the bare headings. */
export function parseHeadings(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)]|#{1,6})\s*/, '').replace(/\*\*/g, '').trim())
    .filter((line) => line.length > 0 && line.length <= 120)
    .slice(0, ARTICLE_MAX_SECTIONS);
}

/** Built with the worker's text engines (createHandlers). */
const articleOutline = (engines: TextEngines): JobHandler<'article-outline'> => async (ctx) => {
  const { length, tone, audience } = ctx.payload;
  const prompt = validateTextPrompt(ctx.payload.prompt);
  await ctx.progress({ progress: 10, stage: 'Planning' });
  let headings: string[];
  if (!engines.llm) {
    headings = buildOutline({ topic: parseArticleTopic(prompt), targetWords: length, seed: randomSeed(), tone, audience }).sections.map((s) => s.heading);
  } else {
    let text: string;
    try {
      text = await engines.llm.generate(prompt, {
        system: [
          `Plan the sections of an article of about ${length} words. Answer with ${length <= 800 ? '3 to 5' : '4 to 7'} section headings, one per line, without numbers or any other text.`,
          ...voiceInstructions({ tone, audience }),
        ].join(' '),
        maxTokens: 300,
        temperature: 0.6,
        signal: ctx.signal,
      });
    } catch (error) {
      throw toJobError(error);
    }
    headings = parseHeadings(text);
    if (headings.length === 0) throw new TransientJobError('The text model returned no section headings.');
  }
  return { kind: 'text', content: headings.map((h) => `- ${h}`).join('\n'), engine: engines.tools.article };
};

export default articleOutline;
