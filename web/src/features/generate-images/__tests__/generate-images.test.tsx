import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StaticAppConfigProvider, type AppConfig } from '../../../lib/app-config.js';
import GenerateImagesPage from '../index.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, fill, renderTool } from '../../../components/tool/__tests__/render-tool.js';

const config = (configured: boolean): AppConfig => ({
  auth: { mode: 'local' },
  plans: [],
  engines: {},
  imageGeneration: configured ? { configured } : { configured, message: 'Set IMAGE_PROVIDER to enable image generation.' },
});

describe('AI Image Generation', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when no image provider is configured, then the notice shows the server message and Generate Image is disabled by it', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderTool(
      <StaticAppConfigProvider config={config(false)}>
        <GenerateImagesPage />
      </StaticAppConfigProvider>,
    );
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent('Set IMAGE_PROVIDER to enable image generation.');
    expect(screen.getByText('Ready to Create Art?')).toBeInTheDocument();
    expect(screen.getByText(/once an image provider is set up/)).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Describe Your Image'), 'a fox in snow');
    const button = screen.getByRole('button', { name: 'Generate Image' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-describedby', notice.id);
    expect(button).toHaveAccessibleDescription(/Set IMAGE_PROVIDER to enable image generation\./);
    fireEvent.click(button);
    expect(calls.filter((call) => call.url.startsWith('/api/ai/'))).toEqual([]);
  });

  it('when the server sends no message, then the notice uses the api\'s own refusal text', () => {
    fakeApi();
    renderTool(
      <StaticAppConfigProvider config={{ ...config(false), imageGeneration: { configured: false } }}>
        <GenerateImagesPage />
      </StaticAppConfigProvider>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Image generation is not configured on this server.');
  });

  it('when an image is requested, then prompt, style and publish are sent', async () => {
    const calls = fakeApi((url) =>
      url.startsWith('/api/ai/generate-image') ? { status: 200, body: { success: true, content: '/files/a.png' } } : undefined,
    );
    const user = userEvent.setup();
    renderTool(
      <StaticAppConfigProvider config={config(true)}>
        <GenerateImagesPage />
      </StaticAppConfigProvider>,
    );
    expect(screen.queryByText(/not set up/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Image' })).not.toHaveAttribute('aria-describedby');
    expect(screen.getByLabelText('Realistic')).toBeChecked();
    const toggle = screen.getByLabelText('Make this image public');
    expect(toggle).toHaveAttribute('role', 'switch');
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await fill(user, screen.getByLabelText('Describe Your Image'), 'a fox in snow');
    fireEvent.click(screen.getByLabelText('Ghibli style'));
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));

    expect(await screen.findByText('Public')).toBeInTheDocument();
    const post = calls.find((call) => call.url.startsWith('/api/ai/'));
    expect(JSON.parse(String(post?.init.body))).toEqual({ prompt: 'Generate an image of a fox in snow in the style Ghibli style', publish: true });
  });

  it('when the image arrives, then Share and Download wait until it has loaded', async () => {
    fakeApi((url) => (url.startsWith('/api/ai/generate-image') ? { status: 200, body: { success: true, content: '/files/a.png' } } : undefined));
    const user = userEvent.setup();
    renderTool(<GenerateImagesPage />);
    await fill(user, screen.getByLabelText('Describe Your Image'), 'a fox');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));

    const image = await screen.findByRole('img', { name: 'Generated image in Realistic' });
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.getByText('Generating your image...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();

    fireEvent.load(image);
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByText('Generating your image...')).not.toBeInTheDocument();
  });

  it('when the image fails to load, then it is marked loaded and the failure is toasted', async () => {
    fakeApi((url) => (url.startsWith('/api/ai/generate-image') ? { status: 200, body: { success: true, content: '/files/missing.png' } } : undefined));
    const user = userEvent.setup();
    renderTool(<GenerateImagesPage />);
    await fill(user, screen.getByLabelText('Describe Your Image'), 'a fox');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
    fireEvent.error(await screen.findByRole('img', { name: /Generated image/ }));
    expect(await screen.findByText('Failed to load generated image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });
});
