import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render.js';
import { NO_PRESET, PresetChoice, presetFieldsOf } from '../preset-choice.js';

function Harness() {
  const [value, setValue] = useState(NO_PRESET);
  return (
    <>
      <PresetChoice value={value} onChange={setValue} />
      <output data-testid="fields">{JSON.stringify(presetFieldsOf(value))}</output>
    </>
  );
}

describe('PresetChoice', () => {
  it('when nothing is chosen, then no fields are sent; the marketplace preset sends its name; the profile picture sends its colour too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.getByTestId('fields')).toHaveTextContent('{}');
    await user.click(screen.getByLabelText(/Marketplace product photo/));
    expect(screen.getByTestId('fields')).toHaveTextContent('{"preset":"marketplace"}');
    expect(screen.queryByLabelText('Profile picture colour')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/^Profile picture \(/));
    expect(screen.getByLabelText('Profile picture colour')).toHaveValue('#4f46e5');
    expect(screen.getByTestId('fields')).toHaveTextContent('{"preset":"profile-picture","colour":"#4f46e5"}');
    await user.click(screen.getByLabelText(/Transparent PNG/));
    expect(screen.getByTestId('fields')).toHaveTextContent('{}');
  });
});
