/** The parser's building blocks: dates, headings, language, letter-spaced text, pronouns. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analyseResume } from '../analysis.js';
import { findDates } from '../dates.js';
import { headingAlsoHolds } from '../headings.js';
import { detectLanguage, LANGUAGE_NAMES, lineLanguage } from '../language.js';
import { buildLayout, collapseLetterSpacing, headingKey } from '../layout.js';
import { readPdfText, type PdfText, type TextRun } from '../pdf-text.js';
import { renderReview } from '../review.js';

const range = (text: string) => findDates(text).ranges.map((r) => r.text);

describe('dates in the forms resumes use', () => {
  it.each([
    ['June – August 2021', 'June – August 2021'],
    ['Sept. 2022 – Dec 2022', 'Sept. 2022 – Dec 2022'],
    ['2019 – Present', '2019 – Present'],
    ['03/2020 - 11/2021', '03/2020 - 11/2021'],
    ['2020.05 – 2021.03', '2020.05 – 2021.03'],
    ['Sep. 2023 Mar. 2024', 'Sep. 2023 Mar. 2024'],
    ['Sep. 2023\u00ADMar. 2024', 'Sep. 2023\u00ADMar. 2024'],
    ['2019 –\nPresent', '2019 –\nPresent'],
    ['März 2019 – heute', 'März 2019 – heute'],
    ["2020 - aujourd'hui", "2020 - aujourd'hui"],
    ['janv. 2018 à déc. 2019', 'janv. 2018 à déc. 2019'],
    ['enero de 2020 – actualidad', 'enero de 2020 – actualidad'],
    ['set. 2019 – atual', 'set. 2019 – atual'],
    ['gennaio 2017 – oggi', 'gennaio 2017 – oggi'],
    ['mei 2015 – heden', 'mei 2015 – heden'],
    ['seit 2019', 'seit 2019'],
  ])('%j is a range', (text, expected) => {
    expect(range(text)).toEqual([expected]);
  });

  it('ranges run to the present or end in the last month of a bare year', () => {
    const [open] = findDates('Jan 2020 – current').ranges;
    expect(open.end).toBeNull();
    const [years] = findDates('2018 - 2022').ranges;
    expect(years.end!.month - years.start.month).toBe(4 * 12 + 11);
  });

  it('a GPA or a phone number is not a date', () => {
    expect(findDates('GPA: 4.00 (9.15/10.0)').singles).toEqual([]);
    expect(findDates('(+82) 10-9030-1843').singles).toEqual([]);
  });
});

describe('headings and language', () => {
  it.each([
    ['Berufserfahrung', 'experience'], ['Beruflicher Werdegang', 'experience'], ['Ausbildung', 'education'], ['Technische Kenntnisse', 'skills'],
    ['EXPÉRIENCES :', 'experience'], ['Formation', 'education'], ['Compétences', 'skills'], ["Centres d'intérêt", 'interests'],
    ['Experiencia laboral', 'experience'], ['Formação acadêmica', 'education'], ['Esperienze professionali', 'experience'], ['Werkervaring', 'experience'],
    ['Honors & Awards', 'awards'], ['Persönliche Daten', 'other'],
  ])('%j heads %s', (text, key) => {
    expect(headingKey(text)).toBe(key);
  });

  it.each([
    ['Habilidades Computacionales', 'skills'], ['Resumen de habilidades', 'skills'], ['Fachliche Kompetenzen', 'skills'],
    ['Certificações Adicionais', 'certifications'], ['Cursos Extracurriculares', 'certifications'], ['Weiterbildungen', 'certifications'],
    ['Langues étrangères', 'languages'], ['Passies', 'interests'], ['Special Achievement', 'awards'], ['Bourses obtenues', 'awards'],
    ['Academic Articles', 'publications'], ['Relevante Publikationen', 'publications'], ['Referencias Personales', 'references'],
    ['Volunteer and Fundraising', 'volunteering'], ['Sprachen und Dialekte', 'languages'], ['Objetivos', 'summary'],
    ['Professional Appointments', 'experience'], ['List of Selected Manuscripts', 'publications'], ['Frühere Tätigkeiten', 'experience'],
    ['Ausgewähltes Projekt', 'projects'], ['Proyecto final', 'projects'], ['Áreas de conocimiento', 'skills'], ['Knowledge Base', 'skills'],
  ])('%j, set as a heading, names a kind of %s: each section\'s word is read in each language', (text, key) => {
    expect(headingKey(text, true)).toBe(key);
    expect(headingKey(text)).toBeNull();
  });

  it('commas join a heading\'s names like "&" ("Certifications, Awards & Extra-curricular" holds awards too), an Oxford comma once', () => {
    expect(headingAlsoHolds('Certifications, Awards & Extra-curricular')).toEqual(['certifications', 'awards']);
    expect(headingAlsoHolds('Talks, Workshops, and Courses')).toEqual(['publications', 'certifications']);
    expect(headingKey('Skills, Tools')).toBe('skills');
    expect(headingKey('Paris, France', true)).toBeNull();
  });

  it('a ligature the font drew without its letters (read as U+FFFD or as a control character) is tried as each ligature: "So\uFFFDware" is "Software", "Certi\uFFFDcates" is "Certificates"', () => {
    expect(headingKey('Certi\uFFFDcates')).toBe('certifications');
    expect(headingKey('Technical Certi\u001Ccations', true)).toBe('certifications');
    expect(headingKey('So\uFFFDwarevaardigheden', true)).toBe('skills');
    expect(headingKey('Ervaring met so\uFFFDware en nog veel meer')).toBeNull();
  });

  it('a heading word misspelled by one letter ("Hobies", "LÍGUAS", "Achivement", "Expereince") is read when set as a heading; a word a letter from two sections\' words, a short word, or a line of text are not', () => {
    for (const [text, key] of [['Hobies', 'interests'], ['LÍGUAS', 'languages'], ['Achivement', 'awards'], ['Expereince', 'experience'], ['Publicatons', 'publications']] as const) {
      expect(headingKey(text, true), text).toBe(key);
      // In capitals a line is emphasised as a heading is.
      if (text !== text.toUpperCase()) expect(headingKey(text), text).toBeNull();
    }
    for (const text of ['Information', 'Skils', 'Formatting', 'Stations']) expect(headingKey(text, true), text).toBeNull();
  });

  it('a ligature the font maps to a letter of another script ("Tä\u099Egkeiten", "Certi\u0E01cates") is tried the same way; a word in another script alone is not', () => {
    expect(headingKey('Tä\u099Egkeiten', true)).toBe('experience');
    expect(headingKey('Certi\u0E01cates')).toBe('certifications');
    expect(headingKey('Опыт работы')).toBe('experience');
    expect(headingKey('Tä\u099Egkeit und mehr')).toBeNull();
  });

  it('a compound ending in a long one-word section name heads that section when set as a heading ("Softwarekenntnisse"); a short name at the end of a longer word does not ("Information")', () => {
    expect(headingKey('Softwarekenntnisse', true)).toBe('skills');
    expect(headingKey('Auslandserfahrung', true)).toBe('experience');
    expect(headingKey('Softwarekenntnisse')).toBeNull();
    expect(headingKey('INFORMATION', true)).toBeNull();
  });

  it('a joiner left at the end where a heading wraps joins nothing; a line starting with "and" continues a sentence and heads nothing; a symbol before a heading (an icon read as "|") is dropped', () => {
    expect(headingKey('HOBBIES /')).toBe('interests');
    expect(headingKey('Skills &')).toBe('skills');
    expect(headingKey('and knowledge.')).toBeNull();
    expect(headingKey('|B Contact')).toBe('other');
  });

  it('guesses the language from common words', () => {
    expect(detectLanguage('Entwicklung eines Systems für die Montage und den Service von Anlagen mit der Abteilung')).toBe('de');
    expect(detectLanguage("Après un début de carrière en DevOps, je me suis orienté vers le développement web et la création d'applications")).toBe('fr');
    expect(detectLanguage('Built the data platform for the analytics team and reduced the cost of the pipeline by a third')).toBe('en');
    expect(detectLanguage('Zaprojektowałem system płatności dla banku')).toBe('other');
  });

  it('a language in another Latin alphabet is none of the seven, though it shares short words with them; a foreign name in one of them is not enough', () => {
    // Each shares "a", "o", "e", "do", "na", "em" with Portuguese by chance, enough for its stop words.
    const others = {
      vietnamese: 'Thực tập sinh tại công ty do em tự tìm, làm việc với các bạn trong nhóm để tạo trang web bán hàng. Kết nối và giao tiếp với phần cứng thông qua cơ sở dữ liệu MySQL. Phụ trách phần backend do anh trưởng nhóm giao, a o e da na no em.',
      polish: 'Praca w zespole nad systemem do obsługi płatności, a także wdrożenia na produkcję. Odpowiadałem za moduł do raportów i o jakość kodu, a na koniec za migrację do chmury o dużej skali i na czas.',
      turkish: 'Ekip ile birlikte web uygulaması geliştirdim; veri tabanı tasarımı, performans iyileştirmesi ve kod incelemesi yaptım. Şirketin iç araçlarını yeniden yazdım, a o e da do na em com para.',
    };
    for (const text of Object.values(others)) expect(detectLanguage(text)).toBe('other');
    const german = 'Entwicklung eines Systems für die Montage und den Service von Anlagen mit der Abteilung. ';
    expect(detectLanguage(`${german.repeat(4)}Betreut von Jiří Dvořák.`)).toBe('de');
  });

  it('words made of a broken font map\'s stray letters (small capitals as "BōŏŔŕŘŘőŞ", digits as "șȗȗȚ") are no language: the words around them decide', () => {
    const spanish = 'Becario de iniciación a la investigación en el grupo de ingeniería fotónica del instituto, con el desarrollo de los sensores que miden la temperatura y la presión por fibra óptica. ';
    const garbled = 'șȗȗȚ-șȗȗȜ BōŏŔŕŘŘőŞ, modalidad de Ciencias. șȗȗȜ-șȗȘȗ IŚœőŚŕőŞƅō Őő ŠőŘőŏśřšŚŕŏōŏŕśŚőş, Universidad de Cantabria. CōŘŕŒŕŏōŏŕƖŚ: Matrícula de honor (Șȗ). ';
    expect(detectLanguage(spanish.repeat(3) + garbled + garbled)).toBe('es');
  });
});

describe('text as drawn', () => {
  async function onePage(draw: (page: import('pdf-lib').PDFPage, font: import('pdf-lib').PDFFont) => void): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    draw(doc.addPage([612, 792]), font);
    return doc.save();
  }

  it('text struck twice a fraction of a point apart (bold faked so, or a shadow) is read once', async () => {
    const bytes = await onePage((page, font) => {
      for (const dx of [0, 0.4]) page.drawText('Address 19 Ambler Road', { x: 56 + dx, y: 700, size: 10, font });
      page.drawText('Phone (310) 413-3563', { x: 56, y: 680, size: 10, font });
      // The same words elsewhere on the page are not a twin.
      page.drawText('Address 19 Ambler Road', { x: 300, y: 680, size: 10, font });
    });
    const layout = buildLayout(await readPdfText(bytes));
    expect(layout.lines.map((l) => l.text)).toEqual(['Address 19 Ambler Road', 'Phone (310) 413-3563  Address 19 Ambler Road']);
  });

  it('letter-spaced text drawn one letter at a time is read as words', async () => {
    const bytes = await onePage((page, font) => {
      let x = 56;
      for (const ch of 'Passionate engineer') {
        if (ch !== ' ') page.drawText(ch, { x, y: 700, size: 10, font });
        x += (ch === ' ' ? 6 : font.widthOfTextAtSize(ch, 10)) + 2.5;
      }
      page.drawText('Filler line so the page has some text in it.', { x: 56, y: 680, size: 10, font });
    });
    const layout = buildLayout(await readPdfText(bytes));
    expect(layout.lines[0].text).toBe('Passionate engineer');
  });

  it('a letter-spaced name with a pair the font kerns tight ("I VA N K R Y L O V") is one word; short words and acronyms stay apart', () => {
    expect(collapseLetterSpacing('I VA N K R Y L O V  Digital Marketing')).toBe('IVANKRYLOV  Digital Marketing');
    expect(collapseLetterSpacing('P a s s i o n n é')).toBe('Passionné');
    for (const text of ['AI ML CV UX UI', 'I am a CV writer', 'Q A and C I pipelines']) expect(collapseLetterSpacing(text)).toBe(text);
  });

  it('company names set bold like the headings stay inside their section', async () => {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([612, 792]);
    let y = 740;
    const line = (text: string, font = regular, x = 56) => { page.drawText(text, { x, y, size: 11, font }); y -= 15; };
    line('Experience', bold);
    for (const company of ['Acme Corp', 'Globex Inc']) {
      line(company, bold);
      line('Software Engineer');
      page.drawText('Jan 2020 – Mar 2022', { x: 450, y: y + 15, size: 11, font: regular });
      line('• Built the billing service used by 40 teams across the company', regular, 66);
      line('• Cut deploy time from 30 to 5 minutes with a new pipeline', regular, 66);
    }
    line('Education', bold);
    line('BSc Computer Science, State University   2015 – 2019');
    line('Skills', bold);
    line('TypeScript, Go, PostgreSQL, Kubernetes');
    const pdf = await readPdfText(await doc.save());
    const a = analyseResume(buildLayout(pdf), pdf);
    expect(a.parsed.sections.map((sec) => sec.heading)).toEqual(['Experience', 'Education', 'Skills']);
    expect(a.parsed.roles.filter((r) => r.section === 'experience').map((r) => r.heading[0])).toEqual(['Acme Corp', 'Globex Inc']);
    expect(a.bullets.count).toBe(4);
  });

  it('"2ème" in an English resume is not the pronoun "me"', async () => {
    const bytes = await onePage((page, font) => {
      page.drawText('Education', { x: 56, y: 720, size: 14, font });
      page.drawText('Built a compiler for the 2eme annee course and the team in the lab of the school', { x: 56, y: 700, size: 10, font });
    });
    const pdf = await readPdfText(bytes);
    // Helvetica in pdf-lib has no "è": the run is rewritten after extraction, as a PDF with the glyph would read.
    pdf.pages[0].runs = pdf.pages[0].runs.map((r) => ({ ...r, text: r.text.replace('2eme', '2ème') }));
    const a = analyseResume(buildLayout(pdf), pdf);
    expect(a.language).toBe('en');
    expect(a.pronouns).toEqual({});
  });

  it('a contraction is its pronoun ("I\'ve", "we\'re"); a word going on after an apostrophe is not', async () => {
    const bytes = await onePage((page, font) => {
      page.drawText('Experience', { x: 56, y: 720, size: 14, font });
      page.drawText('Led the migration of the billing service, and I’ve kept its error budget since then', { x: 56, y: 700, size: 10, font });
      page.drawText('Built the data platform that we\'re still running across the three regional offices', { x: 56, y: 686, size: 10, font });
      page.drawText('Ran the Me\'shell Ndegeocello tribute night and the Our\'an reading group at the library', { x: 56, y: 672, size: 10, font });
    });
    const pdf = await readPdfText(bytes);
    const a = analyseResume(buildLayout(pdf), pdf);
    expect(a.pronouns).toEqual({ I: 1, we: 1 });
  });
});

describe('languages and confidence', () => {
  async function resume(lines: Array<[string, boolean?]>): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([612, 792]);
    lines.forEach(([text, heading], i) => page.drawText(text, { x: 56, y: 740 - 16 * i, size: heading ? 13 : 10.5, font: heading ? bold : regular }));
    return doc.save();
  }
  const review = async (bytes: Uint8Array) => {
    const pdf = await readPdfText(bytes);
    const a = analyseResume(buildLayout(pdf), pdf, { now: new Date('2026-11-24T00:00:00Z') });
    return { a, md: renderReview(a) };
  };

  it('a Spanish resume: its headings and dates are read, English wording rules are not applied', async () => {
    const { a, md } = await review(await resume([
      ['Lucía Fernández'], ['lucia@example.es  |  +34 612 345 678  |  linkedin.com/in/luciaf'],
      ['Perfil', true], ['Ingeniera de datos con seis años de experiencia en la creación de plataformas para el análisis de ventas.'],
      ['Experiencia laboral', true], ['Ingeniera de datos, Acme Iberia  enero 2019 – actualidad'], ['• Diseñé la plataforma de datos de la empresa para los equipos de ventas'],
      ['Analista, Datos SL  marzo 2016 – diciembre 2018'], ['• Automaticé los informes semanales de la dirección con Python'],
      ['Educación', true], ['Grado en Matemáticas, Universidad de Sevilla  2012 – 2016'],
      ['Habilidades', true], ['Python, SQL, Spark, Airflow, Tableau'],
    ]));
    expect(a.language).toBe('es');
    expect(a.missingSections).toEqual([]);
    expect(a.dates.ranges.map((r) => r.text)).toEqual(['enero 2019 – actualidad', 'marzo 2016 – diciembre 2018']);
    expect(a.dates.gaps).toEqual([]);
    expect(a.pronouns).toEqual({});
    expect(md).toMatch(/The resume is in Spanish/);
    expect(md).not.toMatch(/\*\*Action verbs:/);
  });

  it('a language outside the supported ones: only layout and contacts are checked, no section is called missing', async () => {
    const { a, md } = await review(await resume([
      ['Jan Kowalski'], ['jan@example.pl  |  +48 601 234 567'],
      ['Doswiadczenie zawodowe', true], ['Programista w firmie Acme od roku 2019 do teraz, zespol platnosci'],
      ['Wyksztalcenie', true], ['Politechnika Warszawska, informatyka, lata 2014 do 2019'],
    ]));
    expect(a.language).toBe('other');
    expect(a.missingSections).toEqual([]);
    expect(md).toMatch(/checks are limited to layout, contact details and the sections it names/);
    // Every language the review reads is named, from the same list the reader uses.
    for (const name of Object.entries(LANGUAGE_NAMES).filter(([code]) => code !== 'other').map(([, n]) => n)) expect(md).toContain(name);
    expect(md).not.toMatch(/Add an Experience section|Add a Skills section|Add an Education section/);
  });

  it('a heading read from its word in a line that goes on after a colon (a label run into its value) leaves the review unsure of what is missing', async () => {
    const { a } = await review(await resume([
      ['Alex Doe'], ['alex@mail.test  |  +1 555 010 4477'],
      ['Education', true], ['BSc Computer Science, State University  2014 – 2018'],
      ['Skills', true], ['Python, SQL, Spark'],
      ['Languages English: native', true], ['Dutch: fluent'],
      ['Work history Backend engineer, Acme  2019 – 2024', true], ['Built the billing platform used by the finance and the sales teams.'],
    ]));
    expect(a.unrecognisedHeadings).toContain('Languages English: native');
    expect(a.missingSections).toEqual([]);
    expect(a.unsureSections).toContain('experience');
  });

  it('no recognisable headings: the review says so and leaves those parts out of the score', async () => {
    const { a, md } = await review(await resume([
      ['Alex Doe'], ['alex@mail.test  |  +1 555 010 4477'],
      ['Built the billing platform used by the finance and the sales teams of the company.'],
      ['Led the migration of the main database to a managed service with no downtime.'],
      ['Studied computer science at the state university and worked in the library.'],
    ]));
    expect(a.notices[0]).toMatch(/No section headings could be recognised/);
    expect(a.missingSections).toEqual([]);
    expect(a.score.parts.find((p) => p.key === 'sections')?.unscored).toBe(true);
    expect(md).toMatch(/\| Sections and structure \| — \| not scored/);
  });

  it('an academic CV of three pages: its length is not held against it', async () => {
    const doc = await PDFDocument.create();
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const sections = ['Academic Appointments', 'Education', 'Research Interests', 'Publications', 'Teaching', 'Grants', 'Skills'];
    for (let p = 0; p < 3; p++) {
      const page = doc.addPage([612, 792]);
      let y = 740;
      if (p === 0) { page.drawText('Dr. Maria Rossi', { x: 56, y, size: 18, font: bold }); y -= 18; page.drawText('maria.rossi@example.edu  |  +39 345 678 9012', { x: 56, y, size: 10, font: regular }); y -= 24; }
      for (const heading of sections.slice(p * 3, p * 3 + 3)) {
        page.drawText(heading, { x: 56, y, size: 13, font: bold }); y -= 18;
        for (let i = 0; i < 10; i++) {
          page.drawText(`${heading === 'Publications' ? 'Rossi M. et al. A study of the optimal transport of the sample data in the lab' : 'Assistant Professor, University of Bologna, teaching and research in the group'}  ${2010 + i} – ${2011 + i}`, { x: 56, y, size: 10, font: regular });
          y -= 14;
        }
        y -= 8;
      }
    }
    const pdf = await readPdfText(await doc.save());
    const a = analyseResume(buildLayout(pdf), pdf, { now: new Date('2026-11-24T00:00:00Z') });
    expect(a.pageCount).toBe(3);
    expect(a.academic).toBe(true);
    expect(a.score.parts.find((part) => part.key === 'length')?.notes).toEqual([]);
    const md = renderReview(a);
    expect(md).toMatch(/Longer CVs are normal in academia/);
    expect(md).not.toMatch(/pages is long|aim for one or two|cut to two pages/i);
  });
});

describe('Chinese, the eighth language', () => {
  // Text runs as the PDF reader returns them (no CJK font ships here to draw a PDF with).
  const run = (text: string, x: number, y: number, fontSize: number, bold = false): TextRun => ({ text, x, y, width: [...text].length * fontSize * (/\p{Script=Han}/u.test(text) ? 1 : 0.5), fontSize, font: bold ? 'NotoSansSC-Bold' : 'NotoSansSC', bold, artifact: false });
  const body = '负责订单系统的设计与开发，把结算时间从三天缩短到一天，并带领四人小组完成迁移';
  function resume(headings: { experience: string; education: string }): PdfText {
    const runs: TextRun[] = [run('张伟', 56, 60, 22, true), run('zhangwei@mail.test  |  138 0013 8000', 56, 84, 10)];
    let y = 120;
    const heading = (text: string) => { runs.push(run(text, 56, y, 14, true)); y += 24; };
    const entry = (title: string, dates: string, lines: number) => {
      runs.push(run(title, 56, y, 10.5, true), run(dates, 470, y, 10.5)); y += 16;
      for (let i = 0; i < lines; i++) { runs.push(run(`• ${body}`, 56, y, 10.5)); y += 16; }
      y += 6;
    };
    heading('个人简介');
    runs.push(run('五年后端开发经验，熟悉 Java、Go 和 PostgreSQL，重视代码质量与团队协作', 56, y, 10.5)); y += 26;
    heading(headings.experience);
    entry('高级工程师，星河科技有限公司', '2021年7月 - 至今', 3);
    entry('软件工程师，云帆网络', '2019.07 - 2021.06', 2);
    heading(headings.education);
    entry('计算机科学学士，浙江大学', '2015.09 - 2019.06', 0);
    heading('专业技能');
    runs.push(run('Java、Go、PostgreSQL、Redis、Kubernetes', 56, y, 10.5)); y += 26;
    heading('获奖情况');
    runs.push(run('2018 年全国大学生数学建模竞赛一等奖', 56, y, 10.5));
    return { pages: [{ number: 1, width: 595, height: 842, imageCount: 0, runs }], fonts: ['NotoSansSC', 'NotoSansSC-Bold'] };
  }
  const now = new Date('2026-06-01T00:00:00Z');

  it('is told by its script, even with English names and tools mixed in; Japanese (with kana) is not taken for it', () => {
    expect(detectLanguage('负责订单系统的设计与开发，熟悉 Java、Go、PostgreSQL 和 Kubernetes，带领团队完成迁移')).toBe('zh');
    expect(detectLanguage('注文システムの設計と開発を担当し、チームを率いて移行を完了しました')).toBe('other');
  });

  it('dates in its forms are ranges: "2021年7月 - 至今" runs to the present, "2019.07 - 2021.06" and "2019年9月至2023年6月" are closed', () => {
    const [open] = findDates('2021年7月 - 至今').ranges;
    expect(open).toMatchObject({ text: '2021年7月 - 至今', end: null });
    expect(open.start.month).toBe(2021 * 12 + 6);
    expect(range('2019.07 - 2021.06')).toEqual(['2019.07 - 2021.06']);
    expect(range('2019年9月至2023年6月')).toEqual(['2019年9月至2023年6月']);
  });

  it('its section headings are known, joined ones too ("工作及教育经历"), and the review reads the resume as Chinese', () => {
    const pdf = resume({ experience: '工作经历', education: '教育背景' });
    const a = analyseResume(buildLayout(pdf), pdf, { now });
    expect(a.language).toBe('zh');
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['summary', 'experience', 'education', 'skills', 'awards']));
    expect(a.missingSections).toEqual([]);
    expect(a.unrecognisedHeadings).toEqual([]);
    expect(a.parsed.roles.filter((r) => r.section === 'experience').map((r) => r.end)).toEqual([null, 2021 * 12 + 5]);
    expect(headingKey('项目经历')).toBe('projects');
    expect(headingKey('教 育 背 景')).toBe('education');
    expect(renderReview(a)).not.toMatch(/checks are limited to layout/i);
    // One heading joining work and education holds both.
    const joined = resume({ experience: '工作及教育经历', education: '证书' });
    expect(analyseResume(buildLayout(joined), joined, { now }).sectionsFound).toEqual(expect.arrayContaining(['experience', 'education', 'certifications']));
  });

  it('two of its characters count as a word, so a full page is not called thin', () => {
    const pdf = resume({ experience: '工作经历', education: '教育背景' });
    const a = analyseResume(buildLayout(pdf), pdf, { now });
    const han = pdf.pages[0].runs.reduce((n, r) => n + (r.text.match(/\p{Script=Han}/gu)?.length ?? 0), 0);
    expect(a.wordCount).toBeGreaterThanOrEqual(Math.round(han / 2));
    expect(a.wordCount).toBeLessThan(han);
  });

  it('headings in traditional characters are the same headings ("工作經歷", "學歷", "關於我"), with the names used in Taiwan ("自傳", "專長")', () => {
    const pdf = resume({ experience: '工作經歷', education: '學歷' });
    const a = analyseResume(buildLayout(pdf), pdf, { now });
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['experience', 'education']));
    expect(a.missingSections).toEqual([]);
    expect(headingKey('關於我')).toBe('summary');
    expect(headingKey('自傳')).toBe('summary');
    expect(headingKey('專長')).toBe('skills');
    expect(headingKey('獲獎經歷')).toBe('awards');
  });

  it('a heading set as one that ends in a section\'s name is that section, as its kind comes last ("学术项目经历", "个人技术栈", "竞赛获奖"); an icon\'s stray letter before a heading is dropped before it is read ("ë 实习经历")', () => {
    expect(headingKey('学术项目经历', true)).toBe('projects');
    expect(headingKey('个人技术栈', true)).toBe('skills');
    expect(headingKey('Ô 竞赛获奖', true)).toBe('awards');
    expect(headingKey('ë 实习经历')).toBe('experience');
    expect(headingKey('经历', true)).toBeNull();
  });
});

describe('languages whose headings alone are read', () => {
  // Text runs as the PDF reader returns them (no font for these scripts ships here to draw a PDF with).
  const run = (text: string, y: number, fontSize: number, bold = false, x = 56): TextRun => ({ text, x, y, width: [...text].length * fontSize * 0.55, fontSize, font: bold ? 'NotoSans-Bold' : 'NotoSans', bold, artifact: false });
  function resume(headings: [string, string, string], body: string): PdfText {
    const runs: TextRun[] = [run('Alex Morgan', 60, 22, true), run('alex.morgan@mail.test  |  +48 601 234 567', 84, 10)];
    let y = 120;
    for (const heading of headings) {
      runs.push(run(heading, y, 14, true)); y += 24;
      runs.push(run(body, y, 10.5), run('2019 – 2024', y, 10.5, false, 470)); y += 16;
      runs.push(run(`• ${body}`, y, 10.5)); y += 22;
    }
    return { pages: [{ number: 1, width: 595, height: 842, imageCount: 0, runs }], fonts: ['NotoSans', 'NotoSans-Bold'] };
  }
  const now = new Date('2026-06-01T00:00:00Z');
  const CASES: Array<[string, [string, string, string], string]> = [
    ['Polish', ['Doświadczenie zawodowe', 'Wykształcenie', 'Umiejętności'], 'Programista w zespole płatności, Wrocław, współpraca z działem sprzedaży'],
    ['Russian', ['Опыт работы', 'Образование', 'Ключевые навыки'], 'Разработчик в команде платежей, Москва, работа с отделом продаж'],
    ['Turkish, in capitals', ['İŞ DENEYİMİ', 'EĞİTİM', 'YETENEKLER'], 'Ödeme ekibinde yazılım geliştirici, İstanbul, satış ekibiyle çalıştı'],
    ['Indonesian', ['Pengalaman Kerja', 'Pendidikan', 'Keahlian'], 'Pengembang perangkat lunak di tim pembayaran, Jakarta, bekerja dengan tim penjualan'],
    ['Vietnamese', ['Kinh nghiệm làm việc', 'Học vấn', 'Kỹ năng'], 'Lập trình viên trong nhóm thanh toán, Hà Nội, làm việc với nhóm bán hàng'],
    ['Japanese', ['職務経歴', '学歴', 'スキル'], '決済チームのソフトウェア開発者として、東京で営業チームと協力しました'],
    ['Korean', ['경력', '학력', '기술 스택'], '결제 팀의 소프트웨어 개발자로 서울에서 영업 팀과 협업했습니다'],
  ];

  it.each(CASES)('%s: experience, education and skills are found; the review still reads no more of the language, so it calls nothing missing', (_, headings, body) => {
    const pdf = resume(headings, body);
    const a = analyseResume(buildLayout(pdf), pdf, { now });
    expect(a.language).toBe('other');
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['experience', 'education', 'skills']));
    expect(a.unrecognisedHeadings).toEqual([]);
    expect(a.missingSections).toEqual([]);
    expect(renderReview(a)).toMatch(/checks are limited to layout, contact details and the sections it names/);
  });

  it('Indonesian, which shares "di" with Italian, is not taken for Italian', () => {
    const text = 'Mengembangkan sistem pembayaran di tim backend dan bekerja sama dengan tim penjualan untuk meningkatkan konversi. Memimpin migrasi basis data di kantor Jakarta dan menulis dokumentasi untuk pengguna baru. Bertanggung jawab atas rilis mingguan di aplikasi seluler. Magang di bank nasional, lalu analis data di perusahaan logistik di Surabaya.';
    expect(detectLanguage(text)).toBe('other');
    // The other path through the same counts: one line in Indonesian inside a resume is not an Italian line.
    expect(lineLanguage('Magang di bank nasional di Jakarta, lalu analis data di perusahaan logistik')).not.toBe('it');
    // Italian itself still reads as Italian.
    expect(detectLanguage('Sviluppo del sistema di pagamento con il team di backend e collaborazione con il team vendite per la crescita della conversione. Gestione della migrazione del database nella sede di Milano.')).toBe('it');
  });

  it('their words for "and" join names; Turkish dotless ı is i in either case; a letter set apart in a heading is no joiner', () => {
    expect(headingKey('Kursy i certyfikaty')).toBe('certifications');
    expect(headingKey('Навыки и технологии')).toBe('skills');
    expect(headingKey('İLGİ ALANLARI')).toBe('interests');
    expect(headingKey('İlgi alanları')).toBe('interests');
    expect(headingKey('Penghargaan dan Prestasi')).toBe('awards');
    expect(headingKey('学歴・職歴')).toBe('education');
    expect(headingKey('수상 및 자격')).toBe('awards');
    // Polish "i" is not taken for "and": it is also a letter of a word whose letters came apart.
    expect(headingKey('EDUCAT I ON')).toBe('education');
  });

  it('"activities" in each language read is the activities (volunteering) section, as in English', () => {
    for (const heading of ['ACTIVIDADES', 'Atividades extracurriculares', 'Activités', 'Attività', 'Aktivitäten', 'Nevenactiviteiten']) expect(headingKey(heading)).toBe('volunteering');
    // "Other activities" in each language, and contributions to a community.
    for (const heading of ['Other Activities', 'AUTRES ACTIVITÉS', 'Sonstige Aktivitäten', 'Otras actividades', 'Outras atividades', 'Altre attività', 'Overige activiteiten', 'Community Contributions']) expect(headingKey(heading)).toBe('volunteering');
  });

  it('a name in the plural of a Romance language is its singular\'s section, word by word; an English plural that is no name stays unknown', () => {
    expect(headingKey('Formações:')).toBe('education');
    expect(headingKey('Formações Acadêmicas')).toBe('education');
    expect(headingKey('Experiencias Laborales')).toBe('experience');
    expect(headingKey('Competências')).toBe('skills');
    for (const heading of ['Notes', 'Photos', 'Ideas']) expect(headingKey(heading)).toBeNull();
  });

  it('a short word whose letters were read apart is joined back ("I T EXPERTISE"); other lone letters stay apart', () => {
    expect(headingKey('I T EXPERTISE')).toBe('skills');
    expect(headingKey('Q A')).toBeNull();
  });

  it('a summary in French, a lone extracurricular heading and a project overview are known', () => {
    expect(headingKey('Sommaire')).toBe('summary');
    expect(headingKey('Extracurricular')).toBe('volunteering');
    for (const heading of ['PROJEKTÜBERSICHT', 'Project Overview']) expect(headingKey(heading)).toBe('projects');
  });

  it('a Russian heading for work alone and the German for language in the singular are known', () => {
    expect(headingKey('Работа')).toBe('experience');
    expect(headingKey('Sprache')).toBe('languages');
  });

  it('a Portuguese heading for academic data is education', () => {
    expect(headingKey('Dados Académicos')).toBe('education');
  });

  it('positions held, in French as in Spanish, are the experience section', () => {
    for (const heading of ['Postes', 'Postes occupés', 'Puestos', 'Puestos ocupados']) expect(headingKey(heading)).toBe('experience');
  });

  it('computing alone as a French heading is the skills section, as in the other Romance languages', () => {
    for (const heading of ['Informatique', 'Informática', 'Informatica']) expect(headingKey(heading)).toBe('skills');
  });

  it('a school\'s practical work days are experience; coursework of any kind is courses', () => {
    for (const heading of ['Berufspraktische Tage:', 'Praktikum', 'Berufspraktika']) expect(headingKey(heading)).toBe('experience');
    for (const heading of ['Graduate coursework', 'Selected Coursework']) expect(headingKey(heading)).toBe('certifications');
  });

  it('learning kept up is courses; outreach and extra-curricular activity are activities; previous experience, a lone "tech" and a relevant project are read', () => {
    for (const heading of ['CONTINUOUS LEARNING', 'Continuing Education', 'Professional Development']) expect(headingKey(heading)).toBe('certifications');
    for (const heading of ['SCIENCE OUTREACH', 'Outreach', 'Extra-curricular activity']) expect(headingKey(heading)).toBe('volunteering');
    for (const heading of ['EXPERIÊNCIAS ANTERIORES:', 'Previous Experience']) expect(headingKey(heading)).toBe('experience');
    expect(headingKey('tech')).toBe('skills');
    expect(headingKey('PROJETO RELEVANTE')).toBe('projects');
    // A heading joining interests with extra-curricular activity holds both.
    expect(headingAlsoHolds('Interests and extra-curricular activity')).toContain('volunteering');
  });

  it('areas of interest named at the top of a research CV are its summary, as research interests are; interests and hobbies stay interests', () => {
    for (const heading of ['Areas of interest', 'Research Areas', 'Fields of Interest', 'Research Interests']) expect(headingKey(heading)).toBe('summary');
    for (const heading of ['Interests', 'Other Interests', 'Hobbies and interests']) expect(headingKey(heading)).toBe('interests');
  });

  it('a title in quotation marks, set bold in a list of papers, is no heading, whatever words it holds; the same words unquoted are', () => {
    for (const title of ['“Uncertainty Estimation for Language Reward Models”.', '"Teaching Skills to Robots",', '„Projekte der Zukunft“']) expect(headingKey(title, true)).toBeNull();
    expect(headingKey('Programming Languages and Tools', true)).toBe('skills');
    expect(headingKey('Language Skills', true)).not.toBeNull();
  });

  it('a heading in capitals that lost its spaces is read by the heading word it ends in; open-source work and a portfolio are projects', () => {
    expect(headingKey('ENGINEERINGPROJECTS', true)).toBe('projects');
    expect(headingKey('ACADEMICPROJECT', true)).toBe('projects');
    expect(headingKey('PROFESSIONALEXPERIENCE', true)).toBe('experience');
    // Two names joined with "and" are both sections.
    expect(headingAlsoHolds('EDUCATIONANDCERTIFICATION')).toEqual(expect.arrayContaining(['education', 'certifications']));
    // Not a heading word at its end, or too short a run: nothing.
    expect(headingKey('INTERNATIONALIZATION', true)).toBeNull();
    expect(headingKey('Open Source Contributions')).toBe('projects');
    expect(headingKey('Portfolio')).toBe('projects');
    expect(headingKey('相關作品')).toBe('projects');
  });

  it('a heading whose letters came apart is read though a piece is a joiner word of some language ("EXP E RI E NCE", "HOBB Y")', () => {
    expect(headingKey('WORK EXP E RI E NCE')).toBe('experience');
    expect(headingKey('HOBB Y')).toBe('interests');
    expect(headingKey('R E FE R EN CES')).toBe('references');
    // A heading that joins two names with such a word is still the joined heading.
    expect(headingKey('Formación y cursos')).toBe('education');
  });
});

describe('a bracketed link word', () => {
  const run = (text: string, y: number, size = 10, bold = false): TextRun => ({ text, x: 56, y, width: text.length * size * 0.5, fontSize: size, font: bold ? 'Helvetica-Bold' : 'Helvetica', bold, artifact: false });
  const pdf = (linked: boolean): PdfText => ({
    pages: [{
      number: 1, width: 612, height: 792, imageCount: 0,
      runs: [
        run('Robin Vale', 60, 20, true), run('robin.vale@mail.test  |  +1 415 555 0142', 84), run('LinkedIn [Link]', 98),
        run('Experience', 130, 13, true), run('Analyst, Northwind  2020 – 2024', 150), run('Education', 180, 13, true), run('BSc Economics, York  2016 – 2019', 200),
      ],
      links: linked ? [{ url: 'https://www.linkedin.com/in/robinvale', x: 100, y: 89, width: 30, height: 12 }] : [],
    }],
    fonts: ['Helvetica', 'Helvetica-Bold'],
  });

  it('is the link\'s own text when a link lies behind it, and a field left blank when none does', () => {
    expect(analyseResume(buildLayout(pdf(true)), pdf(true)).placeholders).toEqual([]);
    expect(analyseResume(buildLayout(pdf(false)), pdf(false)).placeholders).toEqual(['LinkedIn [Link]']);
  });
});

describe('icons drawn from an icon font\'s ligatures', () => {
  // Runs as the PDF reader returns them: FontAwesome draws a ligature's icon, and its text is the icon's name.
  const run = (text: string, x: number, y: number, font = 'Carlito-Bold', fontSize = 12): TextRun => ({ text, x, y, width: [...text].length * fontSize * 0.55, fontSize, font, bold: font.endsWith('Bold'), artifact: false });
  const resume = (iconFont: string): PdfText => {
    const runs: TextRun[] = [run('Alex Morgan', 56, 60, 'Carlito-Bold', 22), run('alex.morgan@mail.test  |  +34 687 67 44 88', 56, 84, 'Carlito-Regular', 10)];
    let y = 120;
    for (const [icon, heading, lines] of [['cogs', 'EXPERIENCE', ['Intern, Capgemini Spain, June 2024 – February 2025', '• Built a chat front end for a language model with Gradio']],
      ['graduation-cap', 'EDUCATION', ['Computer Science Engineering, Universidad Complutense de Madrid, 2021 – 2025']],
      ['users', 'VOLUNTEERING', ['Git talks for first-year students, 2022 – 2024']]] as const) {
      runs.push(run(icon, 56, y, iconFont, 12), run(heading, 104, y)); y += 22;
      for (const line of lines) { runs.push(run(line, 56, y, 'Carlito-Regular', 10.5)); y += 15; }
      y += 12;
    }
    return { pages: [{ number: 1, width: 595, height: 842, imageCount: 0, runs }], fonts: ['Carlito-Bold', 'Carlito-Regular', iconFont] };
  };

  it('the icon\'s name ("cogs", "graduation-cap") is no word of the heading it stands before: each heading is found; the same words in a text font stay', () => {
    const pdf = resume('FontAwesome7Free-Solid');
    const a = analyseResume(buildLayout(pdf), pdf, { now: new Date('2026-06-01T00:00:00Z') });
    expect(a.parsed.sections.map((s) => s.heading)).toEqual(['EXPERIENCE', 'EDUCATION', 'VOLUNTEERING']);
    expect(a.sectionsFound).toEqual(expect.arrayContaining(['experience', 'education', 'volunteering']));
    expect(a.missingSections).not.toContain('experience');
    // Drawn in a text font, the same words are words of the line.
    expect(buildLayout(resume('Carlito-Regular')).lines.map((l) => l.text)).toContain('cogs EXPERIENCE');
  });
});
