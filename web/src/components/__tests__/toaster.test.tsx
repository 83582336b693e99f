import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { AppToaster, maxVisibleToasts } from '../toaster.js';

function VisibleCount() {
  const { toasts } = useToasterStore();
  return <p data-testid="visible">{toasts.filter((item) => item.visible).length}</p>;
}

describe('AppToaster', () => {
  it('when more than 20 toasts are raised, then only 20 stay visible', async () => {
    render(
      <>
        <AppToaster />
        <VisibleCount />
      </>,
    );
    await act(async () => {
      // A long duration keeps them alive however slowly a busy machine renders them.
      for (let i = 0; i < 25; i += 1) toast.error(`Problem ${i}`, { duration: 60_000 });
    });
    expect(maxVisibleToasts).toBe(20);
    expect(screen.getByTestId('visible')).toHaveTextContent('20');
    act(() => toast.remove());
  });

  it('when a toast shows, then it sits inside the Notifications landmark', async () => {
    render(<AppToaster />);
    await act(async () => {
      toast.success('Saved');
      toast.error('Broken');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toContainElement(screen.getByText('Saved'));
    expect(region).toContainElement(screen.getByText('Broken'));
    expect(region.closest('#root, [data-testid="app"]')).toBeNull();
    act(() => toast.remove());
  });
});
