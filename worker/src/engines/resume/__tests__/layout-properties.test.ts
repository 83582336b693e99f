/**
 * Properties of the layout and the review over generated pages of random runs (seeded): heading
 * names, made-up words, dates, contact details and markers, at random sizes, weights and places,
 * some sharing a baseline. Whatever the page: no text is lost or invented when runs are joined
 * into lines, or lines split into headings and sections; no contact detail heads a section; a
 * section is never both missing and unsure, and never called missing while a heading of unknown
 * name stands in the resume.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../object/image.js';
import { analyseResume } from '../analysis.js';
import { hasContactDetail } from '../contact-patterns.js';
import { buildLayout } from '../layout.js';
import type { PdfText, TextRun } from '../pdf-text.js';
import { renderReview } from '../review.js';

const PIECES = [
  'EXPERIENCE', 'Education', 'Skills', 'Strengths', 'Work and Volunteering', 'Languages & Technologies', 'edu', 'cation', 'PROFESSIONALSUMMARY',
  'Zorblat Gizmos', 'Kwerp', 'About me', 'Key Skills: JS, TS, React, Node', 'Languages – English, German, French',
  'Analyst, Northwind', 'Jan 2020 – Present', '2016 – 2019', '•', '❖', 'Built the weekly report read by 200 managers',
  'robin.vale@mail.test', 'www.robinvale.example.com', '+1 415 555 0142', '@robinvale', 'I led the team', 'My goal', 'ME Mechanical',
  'BILDUNG UND QUALIFIKATIONEN', 'PUBLICATIONS Conferences', 'REFERENCES Prof. Jo Moreira', 'Berufserfahrung', 'Formación', 'Habilidades', 'Ph.D., Lakeside University', '',
];
const SIZES = [8, 9, 10, 10, 10, 11, 12, 14, 18, 26];

function randomPdf(seed: number): PdfText {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const pages = Array.from({ length: 1 + Math.floor(random() * 2) }, (_, p) => {
    const runs: TextRun[] = [];
    let y = 40;
    while (y < 760) {
      // One to three runs on a baseline, left to right with random gaps.
      // Many lines start at the left margin, where label columns stand.
      let x = random() < 0.4 ? 30 : 30 + random() * 60;
      for (let k = 0, n = 1 + Math.floor(random() * 3); k < n && x < 560; k++) {
        const text = pick(PIECES), fontSize = pick(SIZES);
        const width = text.length * fontSize * 0.5;
        runs.push({ text, x, y: y + (random() < 0.2 ? random() * 2 : 0), width, fontSize, font: random() < 0.3 ? 'Helvetica-Bold' : 'Helvetica', bold: random() < 0.3, artifact: false });
        x += width + random() * 80;
      }
      y += 10 + random() * 20;
    }
    return { number: p + 1, width: 612, height: 792, runs, imageCount: 0 };
  });
  return { pages, fonts: ['Helvetica', 'Helvetica-Bold'] };
}

const letters = (texts: string[]) => [...texts.join('').replace(/\s+/g, '')].sort().join('');

describe('layout and review over random pages', () => {
  it('when 300 random pages are read, then no text is lost or made up, no contact detail is a heading, and missing is never claimed beside an unknown heading', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const pdf = randomPdf(seed);
      const layout = buildLayout(pdf);
      // Runs joined into lines, then lines split into headings and sections: the same letters throughout.
      expect(letters(layout.lines.map((l) => l.text)), `seed ${seed}`).toBe(letters(pdf.pages.flatMap((p) => p.runs.map((r) => r.text))));
      const read = layout.sections.flatMap((s) => [s.heading, ...s.lines.map((l) => l.text)]);
      expect(letters(read), `seed ${seed}`).toBe(letters(layout.lines.filter((l) => !l.furniture).map((l) => l.text)));
      for (const section of layout.sections) expect(hasContactDetail(section.heading), `seed ${seed}: ${section.heading}`).toBe(false);
      const a = analyseResume(layout, pdf, { now: new Date('2026-06-01T00:00:00Z') });
      expect(a.missingSections.filter((k) => a.unsureSections.includes(k)), `seed ${seed}`).toEqual([]);
      if (a.unrecognisedHeadings.length) expect(a.missingSections, `seed ${seed}`).toEqual([]);
      if (a.unsureSections.length) expect(a.unrecognisedHeadings.length, `seed ${seed}`).toBeGreaterThan(0);
      expect(renderReview(a).length).toBeGreaterThan(0);
    }
  });

  it('when a page was read by OCR, then a line is a heading by its name only, never by its estimated size or weight', () => {
    const run = (text: string, y: number, fontSize: number): TextRun => ({ text, x: 40, y, width: text.length * fontSize * 0.5, fontSize, font: 'OCR', bold: false, artifact: false });
    const lines: Array<[string, number]> = [
      ['Robin Vale', 22], ['Education', 16], ['BSc Economics, Lakeside University', 10], ['Master of Computer Science', 16],
      ['Skills', 16], ['Python, SQL, Tableau', 10], ['Garage.', 16], ['Certification', 16], ['Google Digital Garage', 10],
    ];
    const pdf: PdfText = { pages: [{ number: 1, width: 612, height: 792, imageCount: 1, runs: lines.map(([text, size], i) => run(text, 60 + 24 * i, size)) }], fonts: ['OCR'] };
    const layout = buildLayout(pdf);
    expect(layout.sections.map((s) => s.heading)).toEqual(['', 'Education', 'Skills', 'Certification']);
  });
});
