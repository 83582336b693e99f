/** POST /api/ai/generate-article with a tone and an audience, through the real queue and the offline outline engine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl } from '../support/services.js';
import { authed, signUp, startTestApp, type TestApp } from '../support/app.js';

const postgresUrl = serviceUrl('postgres');

/**
 * A test app with the offline text engine for the enclosing describe, and a signed-up user to call it as
 * (after a first user, who becomes the admin, when `withAdmin`).
 */
function articleApp(env: Record<string, string>, withAdmin: boolean) {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ postgresUrl: postgresUrl!, env: { AI_TEXT_ENGINE: 'offline', ...env } });
    if (withAdmin) await signUp(app.url, { name: 'Admin' });
    token = (await signUp(app.url)).token;
  });
  afterAll(async () => { await app?.stop(); });
  return {
    post: (path: string, body: unknown) =>
      fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...authed(token) }, body: JSON.stringify(body) }),
    get: (path: string) => fetch(`${app.url}${path}`, { headers: authed(token) }),
  };
}

describe.skipIf(!postgresUrl)('article tone and audience', () => {
  const { post } = articleApp({}, false);
  const generate = (body: unknown) => post('/api/ai/generate-article', body);
  const prompt = 'Write an article about rain gardens in Short (500-800 words).';

  it('when a tone and an audience are given, then the outline is planned for them', async () => {
    const res = await generate({ prompt, length: 800, tone: 'persuasive', audience: 'suburban homeowners' });
    expect(res.status).toBe(200);
    const { content } = await res.json();
    expect(content).toContain('- **Intended reader:** suburban homeowners');
    expect(content).toContain('- **Tone:** persuasive — open each section with the benefit');
  });

  it('when the tone or audience is not acceptable, then a clear 400', async () => {
    const tone = await generate({ prompt, length: 800, tone: 'angry' });
    expect(tone.status).toBe(400);
    expect((await tone.json()).message).toBe('tone must be one of neutral, friendly, professional, persuasive, playful.');
    const audience = await generate({ prompt, length: 800, audience: 'x'.repeat(101) });
    expect((await audience.json()).message).toBe('Describe the audience in at most 100 characters.');
  });
});

describe.skipIf(!postgresUrl)('article outline before the draft', () => {
  const { post, get } = articleApp({ QUOTA_FREE: '1' }, true);
  const prompt = 'Write an article about night trains in Medium (800-1200 words).';

  it('when the outline is planned, then headings come back, nothing is saved and no quota is spent; the draft follows the edited ones', async () => {
    for (let i = 0; i < 2; i++) {
      const plan = await post('/api/ai/article-outline', { prompt, length: 1200 });
      expect(plan.status).toBe(200);
      expect((await plan.json()).content).toMatch(/^- .+(\n- .+)+$/);
    }
    const own = await (await get('/api/user/get-user-creations')).json();
    expect(own.creations).toEqual([]);
    const usage = await (await get('/api/user/usage')).json();
    expect(usage.tools.article.used).toBe(0);

    const draft = await post('/api/ai/generate-article', { prompt, length: 1200, sections: ['Sleeping on rails', 'Booking tips'] });
    expect(draft.status).toBe(200);
    const { content } = await draft.json();
    expect(content).toContain('- **H2: Sleeping on rails**');
    expect(content).toContain('- **H2: Booking tips**');
  });

  it('when the sections are not acceptable, then a clear 400', async () => {
    const empty = await post('/api/ai/generate-article', { prompt, length: 1200, sections: [] });
    expect((await empty.json()).message).toBe('Keep at least one section.');
    const blank = await post('/api/ai/generate-article', { prompt, length: 1200, sections: ['  '] });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe('A section heading cannot be empty.');
  });
});

describe.skipIf(!postgresUrl)('one section of an article revised', () => {
  const { post, get } = articleApp({ QUOTA_FREE: '100' }, true);
  const prompt = 'Write an article about compost in Short (500-800 words).';

  it('when a section of an outline is lengthened, then only its budget grows and the result is saved as a new version', async () => {
    const draft = await (await post('/api/ai/generate-article', { prompt, length: 800, sections: ['Hot or cold heaps', 'What not to add'] })).json();
    const res = await post('/api/ai/revise-article-section', { prompt, article: draft.content, section: 'What not to add', action: 'lengthen' });
    expect(res.status).toBe(200);
    const revised = (await res.json()).content as string;
    const budget = (text: string, h: string) => Number(new RegExp(`\\*\\*H2: ${h}\\*\\* — (\\d+) words`).exec(text)![1]);
    expect(budget(revised, 'What not to add')).toBeGreaterThan(budget(draft.content, 'What not to add'));
    expect(budget(revised, 'Hot or cold heaps')).toBe(budget(draft.content, 'Hot or cold heaps'));
    const own = await (await get('/api/user/get-user-creations')).json();
    expect(own.creations.map((c: { type: string; prompt: string }) => [c.type, c.prompt])).toEqual([['article', prompt], ['article', prompt]]);
  });

  it('when the action or the section is wrong, then it says so', async () => {
    const bad = await post('/api/ai/revise-article-section', { prompt, article: '## A\n\nx', section: 'A', action: 'expand' });
    expect((await bad.json()).message).toBe('action must be one of regenerate, lengthen, shorten.');
    const prose = await post('/api/ai/revise-article-section', { prompt, article: '# T\n\n## A\n\nx', section: 'A', action: 'shorten' });
    expect(prose.status).toBe(422);
    expect((await prose.json()).message).toBe('Rewriting a section of a written article needs an AI writing model, and none is configured on this server.');
  });
});
