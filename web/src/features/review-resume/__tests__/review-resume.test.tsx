import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ReviewResumePage from '../index.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, renderTool, fill } from '../../../components/tool/__tests__/render-tool.js';

const review = [
  '# Resume Review', '', '## Content Analysis', '', '- **Contact details:** found e-mail (sam@example.com).', '',
  '## Job Description Match', '', '**Match: 50%** — 1 of 2 keywords from the job description appear in your resume.', '',
  '## What We Read', '', '- **Sections:** Experience (experience); Skills (skills)', '',
].join('\n');

describe('Resume Reviewer', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when a job description is pasted, then it is sent with the PDF, and what was read shows beside the review', async () => {
    const calls = fakeApi((url) => (url.startsWith('/api/ai/resume-review') ? { status: 200, body: { success: true, content: review } } : undefined));
    const user = userEvent.setup();
    renderTool(<ReviewResumePage />);
    const area = screen.getByTestId('file-drop-area');
    const file = new File(['%PDF-1.4\n'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.dragEnter(area, { dataTransfer: { files: [file] } });
    fireEvent.drop(area, { dataTransfer: { files: [file] } });
    await fill(user, screen.getByLabelText('Job description (optional)'), '  Python and Kafka every day.  ');
    fireEvent.click(await screen.findByText('Review Resume'));

    expect(await screen.findByText('Analysis Complete!')).toBeInTheDocument();
    const body = calls.find((call) => call.url.startsWith('/api/ai/resume-review'))?.init.body as FormData;
    expect(body.get('job_description')).toBe('Python and Kafka every day.');
    expect((body.get('resume') as File).name).toBe('cv.pdf');
    const analysis = screen.getByLabelText('Analysis');
    expect(within(analysis).getByText('Job Description Match')).toBeInTheDocument();
    expect(within(analysis).queryByText('What We Read')).not.toBeInTheDocument();
    const read = screen.getByLabelText('What we read');
    expect(within(read).getByText(/Experience \(experience\); Skills \(skills\)/)).toBeInTheDocument();
  });

  it('without a job description, only the PDF is sent', async () => {
    const calls = fakeApi((url) => (url.startsWith('/api/ai/resume-review') ? { status: 200, body: { success: true, content: '# Resume Review' } } : undefined));
    renderTool(<ReviewResumePage />);
    const area = screen.getByTestId('file-drop-area');
    const file = new File(['%PDF-1.4\n'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.drop(area, { dataTransfer: { files: [file] } });
    fireEvent.click(await screen.findByText('Review Resume'));
    expect(await screen.findByText('Analysis Complete!')).toBeInTheDocument();
    const body = calls.find((call) => call.url.startsWith('/api/ai/resume-review'))?.init.body as FormData;
    expect(body.has('job_description')).toBe(false);
    expect(screen.queryByLabelText('What we read')).not.toBeInTheDocument();
  });
});
