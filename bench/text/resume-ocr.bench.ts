/**
 * Reading a picture-only resume with offline OCR (tesseract.js, English model from npm): time and
 * resident memory for the real one-page image-only fixture, plus the three-page Awesome-CV through
 * the text-layer path for comparison.
 * Run: npx tsx bench/text/resume-ocr.bench.ts
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { analyseResume } from '@craftwell/worker/engines/resume/analysis';
import { buildLayout } from '@craftwell/worker/engines/resume/layout';
import { readResume } from '@craftwell/worker/engines/resume/read-resume';
import { renderReview } from '@craftwell/worker/engines/resume/review';

const RUNS = 3;
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/real-resumes/${name}`, import.meta.url)));

async function timeReview(bytes: Uint8Array): Promise<{ ms: number; ocr: boolean }> {
  const started = performance.now();
  const { pdf, ocr } = await readResume(bytes);
  const layout = buildLayout(pdf);
  renderReview(analyseResume(layout, pdf, { ocr }));
  return { ms: performance.now() - started, ocr };
}

export async function run(): Promise<void> {
  for (const name of ['imageonly_hariprasath.pdf', 'awesomecv_resume.pdf']) {
    const bytes = fixture(name);
    const times: number[] = [];
    let peak = 0, ocr = false;
    for (let i = 0; i < RUNS; i++) {
      const result = await timeReview(bytes);
      times.push(result.ms);
      ocr = result.ocr;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(28)} ${ocr ? 'OCR ' : 'text'}  median ${times[Math.floor(times.length / 2)].toFixed(0).padStart(6)} ms  (${times.map((t) => t.toFixed(0)).join(', ')})  peak RSS ${(peak / 1e6).toFixed(0)} MB`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
