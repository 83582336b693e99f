import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BlogTitlesPage from '../index.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, fill, renderTool } from '../../../components/tool/__tests__/render-tool.js';

afterEach(() => {
  vi.useRealTimers();
});

const titlesReply = (url: string) =>
  url.startsWith('/api/ai/generate-blog-title') ? { status: 200, body: { success: true, content: '1. **Remote Work Wins**' } } : undefined;

describe('Blog Title Generator', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when titles are generated, then the prompt names keyword and chosen category', async () => {
    const calls = fakeApi(titlesReply);
    const user = userEvent.setup();
    renderTool(<BlogTitlesPage />);
    expect(screen.getByLabelText('General')).toBeChecked();
    await fill(user, screen.getByLabelText('Keyword or Topic'), 'remote work');
    fireEvent.click(screen.getByLabelText('Business'));
    fireEvent.click(screen.getByText('Generate Titles'));

    expect(await screen.findByText('Remote Work Wins')).toBeInTheDocument();
    const post = calls.find((call) => call.url.startsWith('/api/ai/'));
    expect(JSON.parse(String(post?.init.body))).toEqual({
      prompt: 'Generate a blog title for the keyword remote work in the category Business',
    });
  });

  it('when the titles are copied, then the clipboard holds them and Copied! shows for 2000 ms', async () => {
    // Fake timers that still follow the wall clock, so the screen's own awaits keep working.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    fakeApi(titlesReply);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderTool(<BlogTitlesPage />);
    await fill(user, screen.getByLabelText('Keyword or Topic'), 'remote work');
    fireEvent.click(screen.getByText('Generate Titles'));
    await screen.findByText('Remote Work Wins');

    fireEvent.click(screen.getByText('Copy'));
    expect(await screen.findByText('Titles copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('1. **Remote Work Wins**');
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1600));
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
    expect(screen.getByText('Copy')).toBeInTheDocument();
  });
});
