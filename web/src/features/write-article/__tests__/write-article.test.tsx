import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import WriteArticlePage from '../index.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, fill, renderTool } from '../../../components/tool/__tests__/render-tool.js';
import { articleSections } from '../section-actions.js';

describe('AI Article Writer', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when the topic is blank or only spaces, then Generate Article is disabled', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderTool(<WriteArticlePage />);
    const button = screen.getByRole('button', { name: 'Generate Article' });
    expect(button).toBeDisabled();

    await fill(user, screen.getByLabelText('Article Topic'), '   ');
    expect(button).toBeDisabled();

    await fill(user, screen.getByLabelText('Article Topic'), 'tides');
    expect(button).toBeEnabled();
  });

  it('when the page opens, then each length shows its min-read label and the quota', async () => {
    fakeApi();
    renderTool(<WriteArticlePage />);
    expect(screen.getByLabelText('Short (500-800 words), 2-3 min read')).toBeChecked();
    expect(screen.getByLabelText('Medium (800-1200 words), 3-4 min read')).not.toBeChecked();
    expect(screen.getByLabelText('Long (1200+ words), 5-6 min read')).not.toBeChecked();
    expect(screen.getByText('Ready to Write?')).toBeInTheDocument();
    expect(await screen.findByText('7 of 10 left this month')).toBeInTheDocument();
  });

  it('when the outline is planned first, then its sections can be edited and the article follows them', async () => {
    const engine = { id: 'offline-outline', label: 'Offline outline engine', offline: true };
    const calls = fakeApi((url) => {
      if (url.startsWith('/api/ai/article-outline')) return { status: 200, body: { success: true, content: '- What tides are\n- Why they matter\n- Where to watch', engine } };
      if (url.startsWith('/api/ai/generate-article')) return { status: 200, body: { success: true, content: '# Tides', engine } };
      return undefined;
    });
    const user = userEvent.setup();
    renderTool(<WriteArticlePage />);
    await fill(user, screen.getByLabelText('Article Topic'), 'ocean tides');
    await user.click(screen.getByRole('button', { name: 'Plan the outline first' }));
    const outline = await screen.findByLabelText('Outline: one section per line');
    expect(outline).toHaveValue('What tides are\nWhy they matter\nWhere to watch');
    expect(screen.queryByText('Article Generated Successfully!')).not.toBeInTheDocument();
    await user.clear(outline);
    await user.type(outline, 'Where to watch{Enter}What tides are');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Article Generated Successfully!')).toBeInTheDocument();
    const plan = calls.find((call) => call.url.startsWith('/api/ai/article-outline'));
    expect(JSON.parse(String(plan?.init.body))).toEqual({ prompt: 'Write an article about ocean tides in Short (500-800 words).', length: 800 });
    const post = calls.find((call) => call.url.startsWith('/api/ai/generate-article'));
    expect(JSON.parse(String(post?.init.body))).toEqual({
      prompt: 'Write an article about ocean tides in Short (500-800 words).',
      length: 800,
      sections: ['Where to watch', 'What tides are'],
    });
  });

  it('when one section is lengthened, then the article and that heading are sent and the revised article replaces it', async () => {
    const engine = { id: 'x', label: 'Writer', offline: false };
    const written = '# Tides\n\nIntro.\n\n## Why tides happen\n\nThe moon.\n\n## Where to watch\n\nCoasts.';
    const calls = fakeApi((url) => {
      if (url.startsWith('/api/ai/generate-article')) return { status: 200, body: { success: true, content: written, engine } };
      if (url.startsWith('/api/ai/revise-article-section')) return { status: 200, body: { success: true, content: written.replace('Coasts.', 'Coasts, estuaries and harbours, at spring tides.'), engine } };
      return undefined;
    });
    const user = userEvent.setup();
    renderTool(<WriteArticlePage />);
    await fill(user, screen.getByLabelText('Article Topic'), 'ocean tides');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    const group = await screen.findByRole('group', { name: 'Revise one section' });
    expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Why tides happen', 'Where to watch']);
    await user.selectOptions(within(group).getByLabelText('Section'), 'Where to watch');
    await user.click(within(group).getByRole('button', { name: 'Lengthen' }));
    expect(await screen.findByText('Coasts, estuaries and harbours, at spring tides.')).toBeInTheDocument();
    const post = calls.find((call) => call.url.startsWith('/api/ai/revise-article-section'));
    expect(JSON.parse(String(post?.init.body))).toEqual({
      prompt: 'Write an article about ocean tides in Short (500-800 words).',
      article: written,
      section: 'Where to watch',
      action: 'lengthen',
    });
  });

  it('when a tone and an audience are chosen, then they are sent beside the unchanged prompt', async () => {
    const calls = fakeApi((url) =>
      url.startsWith('/api/ai/generate-article') ? { status: 200, body: { success: true, content: '# Tides', engine: { id: 'x', label: 'X', offline: false } } } : undefined,
    );
    const user = userEvent.setup();
    renderTool(<WriteArticlePage />);
    await fill(user, screen.getByLabelText('Article Topic'), 'ocean tides');
    await user.selectOptions(screen.getByLabelText('Tone'), 'friendly');
    await fill(user, screen.getByLabelText('Audience (optional)'), 'surfers');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Article Generated Successfully!')).toBeInTheDocument();
    const post = calls.find((call) => call.url.startsWith('/api/ai/generate-article'));
    expect(JSON.parse(String(post?.init.body))).toEqual({
      prompt: 'Write an article about ocean tides in Short (500-800 words).',
      length: 800,
      tone: 'friendly',
      audience: 'surfers',
    });
  });

  it('when an article comes back, then the exact prompt was sent and words and reading time are shown', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ');
    const engine = { id: 'offline-outline', label: 'Offline outline engine', offline: true };
    const calls = fakeApi((url) =>
      url.startsWith('/api/ai/generate-article') ? { status: 200, body: { success: true, content: `# Tides\n\n${words}`, engine } } : undefined,
    );
    const user = userEvent.setup();
    renderTool(<WriteArticlePage />);
    await fill(user, screen.getByLabelText('Article Topic'), '  ocean tides ');
    await user.click(screen.getByLabelText(/Long/));
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));

    expect(await screen.findByText('Article Generated Successfully!')).toBeInTheDocument();
    const post = calls.find((call) => call.url.startsWith('/api/ai/generate-article'));
    expect(post?.url).toBe('/api/ai/generate-article?async=1');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      prompt: 'Write an article about ocean tides in Long (1200+ words).',
      length: 1600,
    });
    expect(screen.getByTestId('word-count')).toHaveTextContent('452 words');
    expect(screen.getByTestId('reading-time')).toHaveTextContent('3 min read');
    expect(screen.getByText(/Offline outline engine/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/user/usage')).toHaveLength(2));
  });

  it('when the server refuses with a message, then that message is toasted and the button comes back', async () => {
    fakeApi((url) =>
      url.startsWith('/api/ai/generate-article') ? { status: 402, body: { success: false, message: 'Limit reached. Upgrade to continue.', code: 'quota_exceeded' } } : undefined,
    );
    const user = userEvent.setup();
    renderTool(<WriteArticlePage />);
    await fill(user, screen.getByLabelText('Article Topic'), 'tides');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText('Limit reached. Upgrade to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See plans/ })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('button', { name: 'Generate Article' })).toBeEnabled();
  });

  it('when the job is written in steps, then the partial text streams into the panel before the final article', async () => {
    let polls = 0;
    fakeApi((url) => {
      if (url.startsWith('/api/ai/generate-article')) return { status: 202, body: { success: true, jobId: 'a1' } };
      if (url === '/api/jobs/a1') {
        polls += 1;
        if (polls === 1) return { status: 200, body: { success: true, state: 'queued', progress: 0, stage: 'Queued', position: 2 } };
        if (polls === 2) return { status: 200, body: { success: true, state: 'active', progress: 50, stage: 'Writing', partial: '# Tides\n\nThe first paragraph' } };
        return { status: 200, body: { success: true, state: 'completed', progress: 100, stage: 'Saving', content: '# Tides\n\nThe whole article.' } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderTool(<WriteArticlePage />);
    await fill(user, screen.getByLabelText('Article Topic'), 'tides');
    fireEvent.click(screen.getByText('Generate Article'));

    expect(await screen.findByText('Crafting Your Article...', { selector: 'button *, button' })).toBeInTheDocument();
    expect(await screen.findByText('Queued - position 2 in line')).toBeInTheDocument();
    expect(await screen.findByText('The first paragraph', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Writing...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(await screen.findByText('The whole article.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Article Generated Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('when the network fails, then the error message is toasted and processing ends', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    renderTool(<WriteArticlePage />);
    await fill(user, screen.getByLabelText('Article Topic'), 'tides');
    fireEvent.click(screen.getByText('Generate Article'));
    // The submit is re-sent with its Idempotency-Key after 1, 2 and 4 s (SUBMIT_RETRY_DELAYS_MS) first.
    expect(await screen.findByText(/Network error: could not reach the server/, {}, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByText('Generate Article')).toBeInTheDocument();
    expect(screen.getByText('Ready to Write?')).toBeInTheDocument();
  }, 20_000);
});

describe('articleSections', () => {
  it('lists the "## " sections of a written article, and only the H2 entries of an offline outline', () => {
    expect(articleSections('# T\n\n## One\n\ntext\n\n### Sub\n\n## Two ##')).toEqual(['One', 'Two']);
    const outline = '# Article outline: T\n\n## The plan\n\n- **H2: Costs** — 120 words: x\n  - H3: Fees — 40 words: y\n- **H2: Timing** — 100 words: z\n\n## SEO checklist';
    expect(articleSections(outline)).toEqual(['Costs', 'Timing']);
  });
});
