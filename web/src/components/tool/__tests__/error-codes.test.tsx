/**
 * A tool screen acts on the code of a refusal, whatever its words and whether it came straight
 * back or from the failed job: quota_exceeded shows the upgrade hint, rate_limited holds the next
 * run back for Retry-After, not_configured names what the operator sets.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import WriteArticlePage from '../../../features/write-article/index.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, fill, renderTool } from './render-tool.js';

async function generate(topic = 'tides') {
  const user = userEvent.setup();
  await fill(user, screen.getByLabelText('Article Topic'), topic);
  await user.click(screen.getByRole('button', { name: 'Generate Article' }));
  return user;
}

describe('a tool screen and the codes of refusals', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when the job itself fails with quota_exceeded (a 200 poll, no 402), then the upgrade hint shows', async () => {
    fakeApi((url) => {
      if (url.startsWith('/api/ai/generate-article')) return { status: 202, body: { success: true, jobId: 'q1' } };
      if (url === '/api/jobs/q1') return { status: 200, body: { success: false, state: 'failed', message: 'No runs left this month.', code: 'quota_exceeded' } };
      return undefined;
    });
    renderTool(<WriteArticlePage />);
    await generate();
    expect(await screen.findByText('No runs left this month.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /See plans/ })).toHaveAttribute('href', '/pricing');
  });

  it('when a refusal has the 402 status but another code, then no upgrade hint shows', async () => {
    fakeApi((url) => (url.startsWith('/api/ai/generate-article') ? { status: 402, body: { success: false, message: 'Payment is handled elsewhere.', code: 'forbidden' } } : undefined));
    renderTool(<WriteArticlePage />);
    await generate();
    expect(await screen.findByText('Payment is handled elsewhere.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /See plans/ })).toBeNull();
  });

  it('when the tool is not configured, then the toast names the variables the operator sets', async () => {
    fakeApi((url) => (url.startsWith('/api/ai/generate-article') ? { status: 503, body: { success: false, message: 'This tool is not configured on this server.', code: 'not_configured' } } : undefined));
    renderTool(<WriteArticlePage />);
    await generate();
    expect(await screen.findByText(/not configured on this server\. An administrator can turn it on by setting AI_TEXT_BASE_URL or AI_TEXT_API_KEY/)).toBeInTheDocument();
  });

  it('when a run is rate limited, then the next click within Retry-After sends nothing', async () => {
    const calls = fakeApi((url) => (url.startsWith('/api/ai/generate-article')
      ? { status: 429, body: { success: false, message: 'Too many AI requests. Please try again in 60 seconds.', code: 'rate_limited', retryAfter: 60 } }
      : undefined));
    renderTool(<WriteArticlePage />);
    const user = await generate();
    expect(await screen.findByText('Too many AI requests. Please try again in 60 seconds.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    expect(await screen.findByText(/Too many requests\. Please try again in (59|60) seconds\./)).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/ai/generate-article'))).toHaveLength(1);
  });
});
