import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StaticAppConfigProvider, type AppConfig } from '../../../lib/app-config.js';
import RemoveObjectPage from '../index.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, fill, renderTool } from '../../../components/tool/__tests__/render-tool.js';

const photo = () => new File([new Uint8Array(2048)], 'street.png', { type: 'image/png' });

describe('Object Removal', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when one word is typed, then the indicator is green and ready; several words turn it red', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderTool(<RemoveObjectPage />);
    const field = screen.getByLabelText('Object to Remove');
    const indicator = screen.getByTestId('object-indicator');
    expect(indicator).toHaveTextContent('');

    await user.type(field, ' car ');
    expect(indicator).toHaveTextContent('Single object name - ready to process');
    expect(indicator).toHaveClass('text-emerald-700');

    await user.type(field, 'red  bike');
    expect(indicator).toHaveTextContent('3 words detected - please use only one object name');
    expect(indicator).toHaveClass('text-red-600');
  });

  it('when a file and object are missing, then Remove Object is disabled', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderTool(<RemoveObjectPage />);
    const button = screen.getByRole('button', { name: 'Remove Object' });
    expect(button).toBeDisabled();
    await fill(user, screen.getByLabelText('Object to Remove'), 'car');
    expect(button).toBeDisabled();
    await user.upload(screen.getByLabelText('Upload Image'), photo());
    expect(button).toBeEnabled();
    expect(screen.getByText('street.png')).toBeInTheDocument();
    expect(screen.getByText('File Selected')).toBeInTheDocument();
  });

  it('when several words are submitted, then it toasts and sends no request', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderTool(<RemoveObjectPage />);
    await user.upload(screen.getByLabelText('Upload Image'), photo());
    await fill(user, screen.getByLabelText('Object to Remove'), 'red car');
    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    expect(await screen.findByText('Please enter only one object name')).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/ai/'))).toBe(false);
  });

  it('when one word is submitted, then image and object go as multipart and the banner names the object', async () => {
    const calls = fakeApi((url) =>
      url.startsWith('/api/ai/remove-image-object') ? { status: 200, body: { success: true, content: '/files/result.png' } } : undefined,
    );
    const user = userEvent.setup();
    renderTool(<RemoveObjectPage />);
    await user.upload(screen.getByLabelText('Upload Image'), photo());
    await fill(user, screen.getByLabelText('Object to Remove'), ' car ');
    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    expect(await screen.findByText('Successfully removed "car" from your image!')).toBeInTheDocument();
    expect(screen.getByText('Object Removed')).toBeInTheDocument();
    const form = calls.find((call) => call.url.startsWith('/api/ai/'))?.init.body as FormData;
    expect(form.get('object')).toBe('car');
    expect((form.get('image') as File).name).toBe('street.png');
  });

  it('when the server has no object engine, then a file and one word still leave Remove Object disabled, described by the notice', async () => {
    fakeApi();
    const user = userEvent.setup();
    const config: AppConfig = { auth: { mode: 'local' }, plans: [], engines: { 'remove-object': null }, imageGeneration: { configured: true } };
    renderTool(
      <StaticAppConfigProvider config={config}>
        <RemoveObjectPage />
      </StaticAppConfigProvider>,
    );
    await fill(user, screen.getByLabelText('Object to Remove'), 'car');
    await user.upload(screen.getByLabelText('Upload Image'), photo());
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent('Object removal is not set up on this server');
    const button = screen.getByRole('button', { name: 'Remove Object' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Object removal is not set up on this server/);
  });
});
