/**
 * Resume analysis time for a two-page resume: PDF text extraction, layout, analysis and review
 * rendering, measured separately after one warm-up (which loads pdfjs).
 * Run: npx tsx bench/text/resume-analysis.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { strongResume } from '../../tests/fixtures/resumes/resume-fixtures.js';
import { analyseResume } from '@craftwell/worker/engines/resume/analysis';
import { buildLayout } from '@craftwell/worker/engines/resume/layout';
import { readPdfText } from '@craftwell/worker/engines/resume/pdf-text';
import { renderReview } from '@craftwell/worker/engines/resume/review';

const RUNS = 30;

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `${label.padEnd(22)} median ${pick(0.5).toFixed(2).padStart(7)} ms   p95 ${pick(0.95).toFixed(2).padStart(7)} ms`;
}

export async function run(): Promise<void> {
  const bytes = await strongResume({ pages: 2 });
  const coldStart = performance.now();
  const first = await readPdfText(bytes);
  const cold = performance.now() - coldStart;
  const times = { extract: [] as number[], layout: [] as number[], analyse: [] as number[], render: [] as number[], total: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const pdf = await readPdfText(bytes);
    const t1 = performance.now();
    const layout = buildLayout(pdf);
    const t2 = performance.now();
    const analysis = analyseResume(layout, pdf);
    const t3 = performance.now();
    renderReview(analysis);
    const t4 = performance.now();
    times.extract.push(t1 - t0); times.layout.push(t2 - t1); times.analyse.push(t3 - t2); times.render.push(t4 - t3); times.total.push(t4 - t0);
  }
  console.log(`Resume analysis, ${first.pages.length}-page generated resume (${(bytes.length / 1024).toFixed(1)} KB), ${RUNS} runs`);
  console.log(`first run (loads pdfjs)  ${cold.toFixed(1)} ms`);
  console.log(summary('PDF text extraction', times.extract));
  console.log(summary('layout (lines/columns)', times.layout));
  console.log(summary('rule-based analysis', times.analyse));
  console.log(summary('review rendering', times.render));
  console.log(summary('total per resume', times.total));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
