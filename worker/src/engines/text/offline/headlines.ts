/**
 * Offline headline engine: proven blog title formulas (how-to, list, question, guide, mistakes,
 * comparison, story ...), general and per category, filled with the keyword, Title Cased,
 * de-duplicated and kept short. Seeded, so a test can replay a request exactly.
 */
import type { EngineInfo } from '@craftwell/contracts/jobs';
import { agreeVerb, titleCase, type BlogCategory } from '@craftwell/contracts/text-prompts';
import { seededRandom } from './random.js';
import { ENGINES } from '@craftwell/contracts/engine-catalog';

export const HEADLINE_ENGINE: EngineInfo = ENGINES.offlineHeadlines;

// {K} keyword, {n} a list size, {y} the current year.
const GENERAL: readonly string[] = [
  'The Ultimate Guide to {K}',
  '{n} {K} Tips That Actually Work',
  'Why {K} Matters More Than You Think',
  'How to Get Started With {K}',
  '{n} {K} Mistakes to Avoid',
  "The Beginner's Guide to {K} in {y}",
  '{K}: What Nobody Tells You',
  'Everything You Need to Know About {K}',
  '{n} Myths About {K}, Debunked',
  'Is {K} Worth It? An Honest Look',
  '{K} Explained in Plain English',
  'The Complete {K} Checklist',
  '{n} Questions to Ask Before You Try {K}',
  'What I Learned From a Year of {K}',
  'The Hidden Costs of {K}',
  '{K} Made Simple: A Step-by-Step Guide',
  '{n} Surprising Facts About {K}',
  'How to Master {K} Without the Overwhelm',
  'The Dos and Don’ts of {K}',
  '{K} in {y}: What Has Changed',
  'A Quick Guide to {K} for Busy People',
  '{n} Signs You Need to Rethink {K}',
];

const BY_CATEGORY: Record<Exclude<BlogCategory, 'General'>, readonly string[]> = {
  Technology: [
    '{K} for Developers: A Practical Guide',
    'How {K} Works Under the Hood',
    '{n} {K} Tools Worth Trying in {y}',
    'The Future of {K}: Trends to Watch in {y}',
    '{K} Best Practices for Modern Teams',
    'Getting {K} Right: Lessons From Production',
    'A Hands-On Introduction to {K}',
    'Is {K} Ready for Prime Time?',
    '{K} Security: What You Need to Know',
    'Scaling {K}: What Changes as You Grow',
  ],
  Business: [
    'How {K} Can Grow Your Business',
    '{n} {K} Strategies That Drive Revenue',
    'The ROI of {K}: What the Numbers Say',
    '{K} for Small Businesses: A Practical Playbook',
    'What Every Manager Should Know About {K}',
    'Turning {K} Into a Competitive Advantage',
    '{K} Lessons From Successful Startups',
    'Building a {K} Strategy That Works',
    'The Real Cost of Ignoring {K}',
    '{n} {K} Metrics Every Leader Should Track',
  ],
  Health: [
    '{n} Science-Backed Benefits of {K}',
    '{K} and Your Health: What the Research Says',
    'A Beginner’s Guide to {K} for Better Health',
    '{K}: Separating Facts From Myths',
    'How to Make {K} Part of Your Daily Routine',
    '{n} Simple Ways to Start {K} Today',
    '{K} Habits That Support Long-Term Wellness',
    'What Experts Want You to Know About {K}',
    'Is {K} Right for You? Questions to Ask First',
  ],
  Lifestyle: [
    'How {K} Changed the Way I Live',
    '{n} Easy Ways to Bring {K} Into Your Life',
    'The Art of {K}: A Simple Guide',
    '{K} on a Budget: {n} Ideas That Work',
    'A Week of {K}: What I Learned',
    '{n} {K} Habits of Happy People',
    'Why Everyone Is Talking About {K}',
    'Small Changes, Big Results: {K} Edition',
    'The Minimalist’s Guide to {K}',
  ],
  Education: [
    'Teaching {K}: Strategies That Work',
    '{K} for Students: A Study Guide',
    'How to Learn {K} Faster',
    '{n} {K} Resources for Lifelong Learners',
    'The Teacher’s Guide to {K}',
    'Mastering {K}: A Step-by-Step Learning Plan',
    'Common {K} Misconceptions Students Have',
    'How to Explain {K} to Anyone',
    '{n} Classroom Activities for Teaching {K}',
  ],
  Travel: [
    'The Ultimate {K} Travel Guide',
    '{n} Things to Know Before Your {K} Trip',
    '{K} on a Budget: A Traveler’s Guide',
    'How to Plan the Perfect {K} Itinerary',
    '{n} Hidden Gems for {K} Lovers',
    'A First-Timer’s Guide to {K}',
    '{K}: When to Go and What to Pack',
    '{n} {K} Experiences Worth the Trip',
    'Traveling for {K}: Tips From the Road',
  ],
  Food: [
    '{n} Easy {K} Recipes for Busy Weeknights',
    'The Secret to Perfect {K}',
    '{K} 101: A Beginner’s Kitchen Guide',
    'How to Make {K} Like a Pro',
    '{n} {K} Mistakes Home Cooks Make',
    'A Healthy Twist on {K}',
    'The Surprising History of {K}',
    '{K} Made Easy: {n} Tips From Chefs',
    'What to Serve With {K}: {n} Ideas',
  ],
};

const LIST_SIZES = [5, 7, 9, 10, 12, 15] as const;
export const TITLE_COUNT = 10;
export const SOFT_MAX_CHARS = 70;

export interface HeadlineRequest {
  keyword: string;
  category: BlogCategory;
  seed: number;
  now?: Date;
}

/** Returns TITLE_COUNT distinct Title Case titles. */
export function generateTitles({ keyword, category, seed, now = new Date() }: HeadlineRequest): string[] {
  const random = seededRandom(seed);
  const phrase = titleCase(keyword);
  const year = String(now.getFullYear());
  const fill = (formula: string) => titleCase(
    agreeVerb(formula, keyword).replaceAll('{K}', phrase).replaceAll('{y}', year).replaceAll('{n}', String(random.pick(LIST_SIZES))),
  );

  // Category formulas first (about 6 of 10 when a category is chosen), then general ones.
  const specific = category === 'General' ? [] : random.shuffle(BY_CATEGORY[category]);
  const general = random.shuffle(GENERAL);
  const ordered = [...specific.slice(0, 6), ...general, ...specific.slice(6)];

  const titles: string[] = [];
  const seen = new Set<string>();
  const long: string[] = [];
  for (const formula of ordered) {
    if (titles.length === TITLE_COUNT) break;
    const title = fill(formula);
    const key = title.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (title.length > SOFT_MAX_CHARS) long.push(title);
    else titles.push(title);
  }
  // Only a very long keyword leaves us short: then longer titles are better than fewer.
  while (titles.length < TITLE_COUNT && long.length > 0) titles.push(long.shift()!);
  return titles;
}

/** The markdown the tool returns: a numbered list and an honest note on where it came from. */
export function renderTitles(request: HeadlineRequest): string {
  const titles = generateTitles(request);
  return [
    `## Blog titles for “${request.keyword}” (${request.category})`,
    '',
    ...titles.map((title, index) => `${index + 1}. ${title}`),
    '',
    '_Built by Craftwell’s offline headline engine from proven title formulas — no AI model is configured on this server, so pick one and make it your own._',
  ].join('\n');
}
