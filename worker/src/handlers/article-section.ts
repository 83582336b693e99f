/**
 * Regenerates, lengthens or shortens one section of an article and saves the result as a new
 * version. A written article needs a text model; an offline outline is revised by the outline
 * engine's own rules (word budgets, briefs). Without a model, prose is refused with the reason.
 */
import type { JobHandler } from '@craftwell/contracts/handler';
import { TransientJobError, UserFacingJobError } from '@craftwell/contracts/handler';
import { validateTextPrompt } from '@craftwell/contracts/text-prompts';
import { isOutline, proseSection, replaceProseSection, reviseOutlineSection } from '../engines/text/article-sections.js';
import { toJobError } from '../engines/text/job-errors.js';
import type { TextEngines } from '../engines/text/registry.js';
import { unfence, voiceInstructions } from './article.js';

const ACTIONS = {
  regenerate: 'Write this section afresh: same heading, same purpose, new wording and a different example.',
  lengthen: 'Make this section about one and a half times as long: add detail, an example or a practical step; keep the heading.',
  shorten: 'Make this section about half as long: keep the heading and the key points, drop repetition.',
} as const;

const NOT_FOUND = 'That section is not in the article. Choose one of its "##" sections.';

/** Built with the worker's text engines (createHandlers). */
const articleSection = (engines: TextEngines): JobHandler<'article-section'> => async (ctx) => {
  const { article, section, action, tone, audience } = ctx.payload;
  validateTextPrompt(ctx.payload.prompt);
  await ctx.progress({ progress: 10, stage: 'Writing' });

  if (isOutline(article)) {
    const revised = reviseOutlineSection(article, section, action);
    if (!revised) throw new UserFacingJobError(NOT_FOUND, 400);
    return { kind: 'text', content: revised, engine: engines.tools.article };
  }
  const current = proseSection(article, section);
  if (!current) throw new UserFacingJobError(NOT_FOUND, 400);
  if (!engines.llm) {
    throw new UserFacingJobError('Rewriting a section of a written article needs an AI writing model, and none is configured on this server.', 422);
  }
  let text: string;
  try {
    text = await engines.llm.generate(current, {
      system: [
        'You revise one section of a Markdown article. Answer with that section only, starting with its "## " heading line.',
        ACTIONS[action],
        ...voiceInstructions({ tone, audience }),
      ].join(' '),
      maxTokens: Math.ceil(current.split(/\s+/).length * (action === 'lengthen' ? 3 : 2)) + 200,
      temperature: action === 'regenerate' ? 0.9 : 0.6,
      signal: ctx.signal,
    });
  } catch (error) {
    throw toJobError(error);
  }
  const replacement = unfence(text);
  if (!/^##\s/.test(replacement)) throw new TransientJobError('The text model did not return the section with its heading.');
  return { kind: 'text', content: replaceProseSection(article, section, replacement)!, engine: engines.tools.article };
};

export default articleSection;
