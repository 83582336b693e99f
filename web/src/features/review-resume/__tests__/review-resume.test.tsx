import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ReviewResumePage from '../index.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, renderTool } from '../../../components/tool/__tests__/render-tool.js';

afterEach(() => vi.unstubAllGlobals());

const pdf = (name: string) => new File(['%PDF-1.7 resume'], name, { type: 'application/pdf' });

describe('Resume Reviewer', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when a non-PDF is chosen, then it toasts and keeps no file', async () => {
    fakeApi();
    const user = userEvent.setup({ applyAccept: false });
    renderTool(<ReviewResumePage />);
    await user.upload(screen.getByLabelText('Upload Resume'), new File(['hello'], 'resume.docx', { type: 'application/msword' }));
    expect(await screen.findByText('Please upload a PDF file')).toBeInTheDocument();
    expect(screen.queryByText('resume.docx')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review Resume' })).toBeDisabled();
  });

  it('when a review completes and a new PDF is chosen, then the previous analysis is cleared', async () => {
    const calls = fakeApi((url) =>
      url.startsWith('/api/ai/resume-review') ? { status: 200, body: { success: true, content: '## Overall Score: 80/100' } } : undefined,
    );
    const user = userEvent.setup();
    renderTool(<ReviewResumePage />);
    await user.upload(screen.getByLabelText('Upload Resume'), pdf('first.pdf'));
    await user.click(screen.getByRole('button', { name: 'Review Resume' }));
    expect(await screen.findByText('Analysis Complete!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Overall Score: 80/100' })).toBeInTheDocument();
    const form = calls.find((call) => call.url.startsWith('/api/ai/'))?.init.body as FormData;
    expect((form.get('resume') as File).name).toBe('first.pdf');

    await user.upload(screen.getByLabelText('Upload Resume'), pdf('second.pdf'));
    expect(screen.getByText('second.pdf')).toBeInTheDocument();
    expect(screen.queryByText('Analysis Complete!')).not.toBeInTheDocument();
    expect(screen.queryByText('Overall Score: 80/100')).not.toBeInTheDocument();
  });
});
