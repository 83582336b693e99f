/**
 * Resume review: read the PDF (never kept beyond the job) — its text layer, or OCR when it is a
 * picture — rebuild its layout, run the rule-based analysis, then render the review: by the text
 * model when one is configured (its narrative checked against what the parser read, on top of the
 * analysis' score and checks), else by the analyser itself. A pasted job description adds a
 * keyword match.
 */
import type { JobHandler } from '@craftwell/contracts/handler';
import { TransientJobError } from '@craftwell/contracts/handler';
import { analyseResume } from '../engines/resume/analysis.js';
import { matchJob, renderJobMatch } from '../engines/resume/job-match.js';
import { buildLayout } from '../engines/resume/layout.js';
import { readResume } from '../engines/resume/read-resume.js';
import { NARRATIVE_SYSTEM_PROMPT, narrativePrompt, renderNarrativeReview, renderReview } from '../engines/resume/review.js';
import { toJobError } from '../engines/text/job-errors.js';
import type { TextEngines } from '../engines/text/registry.js';

/** The resume-review handler, writing with the given text engines. */
const resumeReview = (engines: TextEngines): JobHandler<'resume-review'> => async (ctx) => {
  await ctx.progress({ progress: 5, stage: 'Reading PDF' });
  const bytes = await ctx.readInput(ctx.payload.inputKey);
  const { pdf, ocr, unreadPages } = await readResume(bytes, ctx.signal);

  await ctx.progress({ progress: 40, stage: 'Analysing' });
  const layout = buildLayout(pdf);
  const analysis = analyseResume(layout, pdf, { ocr, unreadPages });
  const jobDescription = ctx.payload.jobDescription?.trim();
  const extra = jobDescription ? renderJobMatch(matchJob(layout.lines.map((l) => l.text).join('\n'), jobDescription)) : [];

  await ctx.progress({ progress: 60, stage: 'Writing review' });
  const engine = engines.tools['resume-review'];
  if (!engines.llm) return { kind: 'text', content: renderReview(analysis, extra), engine };

  let narrative: string;
  try {
    narrative = await engines.llm.generate(narrativePrompt(layout, analysis), {
      system: NARRATIVE_SYSTEM_PROMPT,
      maxTokens: 1200,
      temperature: 0.4,
      signal: ctx.signal,
    });
  } catch (error) {
    throw toJobError(error);
  }
  if (narrative.trim() === '') throw new TransientJobError('The text model returned an empty review.');
  return { kind: 'text', content: renderNarrativeReview(analysis, narrative, engines.llm.info.label, extra), engine };
};

export default resumeReview;
