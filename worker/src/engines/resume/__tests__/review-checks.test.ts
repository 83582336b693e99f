/** The model's reply checked against the parser, and the job description match. */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyseResume, type ResumeAnalysis } from '../analysis.js';
import { matchJob, renderJobMatch } from '../job-match.js';
import { buildLayout, type ResumeLayout } from '../layout.js';
import { checkNarrative } from '../narrative-check.js';
import { readPdfText } from '../pdf-text.js';
import { renderNarrativeReview } from '../review.js';

let jake: ResumeAnalysis, jakeLayout: ResumeLayout;
beforeAll(async () => {
  const pdf = await readPdfText(new Uint8Array(readFileSync(new URL('../../../../../tests/fixtures/real-resumes/jake_template_fantino.pdf', import.meta.url))));
  jakeLayout = buildLayout(pdf);
  jake = analyseResume(jakeLayout, pdf, { now: new Date('2026-11-24T00:00:00Z') });
});

describe('a model reply is checked against what the parser read', () => {
  const reply = [
    '## Content Analysis',
    '- The resume has no LinkedIn profile, which recruiters expect. The bullets are strong.',
    '- There are employment gaps between the internships.',
    '',
    '## Improvement Recommendations',
    '1. Add a Projects section to show your work.',
    '2. Quantify more bullets, e.g. “Researched and evaluated next generation packet processing solutions”.',
    '3. Add a short summary section at the top.',
    '4. Cut the resume to one page.',
  ].join('\n');

  it('drops the claims the parser contradicts and keeps the rest', () => {
    const { text, dropped } = checkNarrative(reply, jake);
    expect(dropped).toEqual([
      'The resume has no LinkedIn profile, which recruiters expect.',
      'There are employment gaps between the internships.',
      'Add a Projects section to show your work.',
      'Cut the resume to one page.',
    ]);
    expect(text).toContain('- The bullets are strong.');
    expect(text).toContain('2. Quantify more bullets');
    // Jake's resume has no summary: that advice stands.
    expect(text).toContain('3. Add a short summary section at the top.');
    expect(text).not.toMatch(/LinkedIn|gaps|Projects section|one page/);
  });

  it('the framed review says how many statements were removed and shows what was read', () => {
    const md = renderNarrativeReview(jake, reply, 'Test model');
    expect(md).toMatch(/_4 statements of the model contradicted what was read from your PDF and were removed\._/);
    expect(md).toMatch(/## What We Read[\s\S]*LinkedIn https:\/\/linkedin\.com\/in\/andrew-fantino/);
    expect(md).toMatch(/Viasat Inc\. {2}Carlsbad, CA — Software Engineer Intern {2}June 2022 – Sept\. 2022 · June 2022 – Sept\. 2022 · experience · 3 bullets/);
  });
});

describe('job description match', () => {
  const ad = `Embedded Software Engineer. You will write firmware in C and C++ for our sensors, automate tests in Python,
    and deploy services on Kubernetes. Experience with PCB design and PCB bring-up is a plus. Zephyr RTOS: you will port Zephyr drivers.`;

  it('lists the skills and repeated keywords the ad asks for, found and missing, with a match figure', () => {
    const resumeText = jakeLayout.lines.map((l) => l.text).join('\n');
    const match = matchJob(resumeText, ad);
    expect(match.found).toEqual(expect.arrayContaining(['python', 'c++', 'embedded', 'pcb design']));
    expect(match.missing).toEqual(expect.arrayContaining(['kubernetes', 'zephyr']));
    expect(match.found).not.toContain('kubernetes');
    expect(match.score).toBeGreaterThan(40);
    expect(match.score).toBeLessThan(100);
    const md = renderJobMatch(match).join('\n');
    expect(md).toMatch(/^## Job Description Match/);
    expect(md).toMatch(new RegExp(`\\*\\*Match: ${match.score}%\\*\\*`));
    expect(md).toMatch(/\*\*Missing:\*\* [^\n]*kubernetes/);
  });

  it('an ad with nothing to match says so instead of inventing a figure', () => {
    const match = matchJob('Anything at all', 'We are a company. Join us.');
    expect(match).toEqual({ score: 0, found: [], missing: [] });
    expect(renderJobMatch(match).join('\n')).toMatch(/no match figure was computed/);
  });
});
