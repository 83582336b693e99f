import { describe, expect, it } from 'vitest';
import {
  ARTICLE_LENGTH_OPTIONS,
  articleFileName,
  articlePrompt,
  backgroundRemovedFileName,
  COPIED_INDICATOR_MS,
  blogTitlePrompt,
  countWords,
  fileSizeText,
  generatedImageFileName,
  imagePrompt,
  isImageFile,
  isPdfFile,
  minReadLabel,
  objectIndicator,
  objectRemovedFileName,
  objectWordCount,
  readingMinutes,
  resumeAnalysisFileName,
} from '../rules.js';

describe('countWords', () => {
  it('when words are separated by any whitespace, then each non-empty piece counts once', () => {
    expect(countWords('one two\tthree\nfour')).toBe(4);
    expect(countWords('  leading   and trailing  ')).toBe(3);
  });
  it('when the text is empty or blank, then it has no words', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
  });
  it('when markdown symbols stand alone, then they count as pieces too', () => {
    expect(countWords('# Title\n\n- item')).toBe(4);
  });
});

describe('screen timing constants', () => {
  it('when the copied indicator is shown, then it lasts 2000 ms', () => {
    expect(COPIED_INDICATOR_MS).toBe(2000);
  });
});

describe('readingMinutes', () => {
  it('when words are divided by 200, then the minutes round up', () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(1600)).toBe(8);
  });
});

describe('minReadLabel', () => {
  it('when the length is at most 800, then 2-3 min read', () => {
    expect(minReadLabel(800)).toBe('2-3 min read');
    expect(minReadLabel(500)).toBe('2-3 min read');
  });
  it('when the length is at most 1200, then 3-4 min read', () => {
    expect(minReadLabel(801)).toBe('3-4 min read');
    expect(minReadLabel(1200)).toBe('3-4 min read');
  });
  it('when the length is above 1200, then 5-6 min read', () => {
    expect(minReadLabel(1201)).toBe('5-6 min read');
    expect(minReadLabel(1600)).toBe('5-6 min read');
  });
  it('when the three options are labelled, then each gets its own band', () => {
    expect(ARTICLE_LENGTH_OPTIONS.map((o) => [o.text, o.length, minReadLabel(o.length)])).toEqual([
      ['Short (500-800 words)', 800, '2-3 min read'],
      ['Medium (800-1200 words)', 1200, '3-4 min read'],
      ['Long (1200+ words)', 1600, '5-6 min read'],
    ]);
  });
});

describe('download file names', () => {
  it('when the topic has symbols and spaces, then each becomes an underscore', () => {
    expect(articleFileName('AI & ML: 2025!', 1700000000000)).toBe('article-ai___ml__2025_-1700000000000.md');
  });
  it('when the topic has accented letters, then they are not alphanumeric either', () => {
    expect(articleFileName('Café Déjà', 7)).toBe('article-caf__d_j_-7.md');
  });
  it('when no timestamp is given, then the current time is used', () => {
    const before = Date.now();
    const name = articleFileName('x');
    const stamp = Number(/^article-x-(\d+)\.md$/.exec(name)?.[1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
  });
  it('when images and analyses are saved, then names carry the timestamp and extension', () => {
    expect(generatedImageFileName(42)).toBe('ai-generated-image-42.png');
    expect(backgroundRemovedFileName(42)).toBe('background-removed-42.png');
    expect(objectRemovedFileName(42)).toBe('object-removed-42.png');
    expect(resumeAnalysisFileName(42)).toBe('resume-analysis-42.md');
  });
});

describe('object indicator', () => {
  it('when one word is typed, possibly padded, then it is ready', () => {
    expect(objectWordCount('  car  ')).toBe(1);
    expect(objectIndicator('  car  ')).toEqual({ ready: true, text: 'Single object name - ready to process' });
  });
  it('when several words are typed, then it counts them and refuses', () => {
    expect(objectWordCount('red  sports\tcar')).toBe(3);
    expect(objectIndicator('red  sports\tcar')).toEqual({
      ready: false,
      text: '3 words detected - please use only one object name',
    });
  });
  it('when the field is blank, then there is no indicator', () => {
    expect(objectWordCount('   ')).toBe(0);
    expect(objectIndicator('   ')).toBeNull();
  });
});

describe('fileSizeText', () => {
  it('when bytes are shown, then they are megabytes with two decimals', () => {
    expect(fileSizeText(0)).toBe('0.00 MB');
    expect(fileSizeText(1024 * 1024)).toBe('1.00 MB');
    expect(fileSizeText(1_500_000)).toBe('1.43 MB');
    expect(fileSizeText(10 * 1024 * 1024 + 5243)).toBe('10.01 MB');
  });
});

describe('prompt builders', () => {
  it('when an article is requested, then the prompt names topic and length label', () => {
    expect(articlePrompt('solar power', 'Medium (800-1200 words)')).toBe(
      'Write an article about solar power in Medium (800-1200 words).',
    );
  });
  it('when titles are requested, then the prompt names keyword and category', () => {
    expect(blogTitlePrompt('remote work', 'Business')).toBe(
      'Generate a blog title for the keyword remote work in the category Business',
    );
  });
  it('when an image is requested, then the prompt names description and style', () => {
    expect(imagePrompt('a fox in snow', 'Ghibli style')).toBe('Generate an image of a fox in snow in the style Ghibli style');
  });
});

describe('file type checks', () => {
  it('when a file has an image type, then it is an image', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/webp' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
  it('when a file is checked for PDF, then only application/pdf passes', () => {
    expect(isPdfFile({ type: 'application/pdf' })).toBe(true);
    expect(isPdfFile({ type: 'application/x-pdf' })).toBe(false);
    expect(isPdfFile({ type: 'image/png' })).toBe(false);
  });
});
