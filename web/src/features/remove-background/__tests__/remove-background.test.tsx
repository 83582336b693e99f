import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StaticAppConfigProvider, type AppConfig } from '../../../lib/app-config.js';
import RemoveBackgroundPage from '../index.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, renderTool } from '../../../components/tool/__tests__/render-tool.js';

function drop(target: Element, file: File) {
  fireEvent.dragEnter(target, { dataTransfer: { files: [file] } });
  fireEvent.drop(target, { dataTransfer: { files: [file] } });
}

describe('Background Removal drop area', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when a non-image is dropped, then it toasts and keeps no file', async () => {
    fakeApi();
    renderTool(<RemoveBackgroundPage />);
    drop(screen.getByTestId('file-drop-area'), new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please upload an image file')).toBeInTheDocument();
    expect(screen.queryByText('notes.pdf')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Background' })).toBeDisabled();
  });

  it('when an image is dropped, then its name, size in MB and the File Selected badge show', () => {
    fakeApi();
    renderTool(<RemoveBackgroundPage />);
    drop(screen.getByTestId('file-drop-area'), new File([new Uint8Array(1_572_864)], 'cat.webp', { type: 'image/webp' }));
    expect(screen.getByText('cat.webp')).toBeInTheDocument();
    expect(screen.getByText('1.50 MB')).toBeInTheDocument();
    expect(screen.getByText('File Selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Background' })).toBeEnabled();
  });

  it('when something is dragged over, then the area is highlighted until it leaves', () => {
    fakeApi();
    renderTool(<RemoveBackgroundPage />);
    const area = screen.getByTestId('file-drop-area');
    fireEvent.dragEnter(area);
    expect(area).toHaveAttribute('data-drag-over', 'true');
    fireEvent.dragLeave(area);
    expect(area).not.toHaveAttribute('data-drag-over');
  });

  it('when the server has no background engine, then the notice stays and Remove Background is disabled and described by it', () => {
    fakeApi();
    const config: AppConfig = { auth: { mode: 'local' }, plans: [], engines: { 'remove-background': null }, imageGeneration: { configured: true } };
    renderTool(
      <StaticAppConfigProvider config={config}>
        <RemoveBackgroundPage />
      </StaticAppConfigProvider>,
    );
    drop(screen.getByTestId('file-drop-area'), new File([new Uint8Array(2048)], 'photo.png', { type: 'image/png' }));
    expect(screen.getByText('photo.png')).toBeInTheDocument();
    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent('Background removal is not set up on this server');
    const button = screen.getByRole('button', { name: 'Remove Background' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-describedby', notice.id);
  });

  it('when an engine is served, then a chosen file enables Remove Background with no notice', () => {
    fakeApi();
    renderTool(<RemoveBackgroundPage />);
    drop(screen.getByTestId('file-drop-area'), new File([new Uint8Array(2048)], 'photo.png', { type: 'image/png' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Background' })).toBeEnabled();
  });
});
