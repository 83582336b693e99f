import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import RemoveObjectPage from '../index.js';
import { choiceFields, type Detection } from '../instance-picker.js';
import { SCREEN_TEST_TIMEOUT_MS, fakeApi, fill, renderTool } from '../../../components/tool/__tests__/render-tool.js';

const photo = () => new File([new Uint8Array(2048)], 'people.png', { type: 'image/png' });
const mask = 'data:image/png;base64,iVBORw0KGgo=';
const twoPeople: Detection = {
  object: 'person',
  width: 800,
  height: 800,
  instances: [
    { index: 0, label: 'person', score: 0.94, box: { x1: 152, y1: 234, x2: 564, y2: 799 }, area: 153546, maskPng: mask },
    { index: 1, label: 'person', score: 0.82, box: { x1: 21, y1: 62, x2: 135, y2: 446 }, area: 24623, maskPng: mask },
  ],
};

function api(detection: Detection | null) {
  return fakeApi((url) => {
    if (url.startsWith('/api/ai/detect-objects')) {
      return detection
        ? { status: 200, body: { success: true, ...detection, picked: null } }
        : { status: 200, body: { success: true, object: 'person', width: 800, height: 800, instances: [], picked: null, message: 'Couldn\'t find "person" in this image' } };
    }
    if (url.startsWith('/api/ai/remove-image-object')) {
      return { status: 200, body: { success: true, content: '/files/result.png', engine: { id: 'offline-object', label: 'Offline object remover', offline: true, note: 'Found 2 person instances; removed number 2 (by size) using its instance mask; filled with patch-based fill.' } } };
    }
    return undefined;
  });
}

async function findPeople(user: ReturnType<typeof userEvent.setup>) {
  renderTool(<RemoveObjectPage />);
  await user.upload(screen.getByLabelText('Upload Image'), photo());
  await fill(user, screen.getByLabelText('Object to Remove'), 'person');
  await user.click(screen.getByRole('button', { name: 'Find "person" on the photo' }));
  return screen.findByTestId('instance-status');
}

describe('Object Removal, mask first', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('when the name is found twice, then both are outlined, the largest is selected, and a click on the other selects it too (all=true is sent)', async () => {
    const calls = api(twoPeople);
    const user = userEvent.setup();
    const status = await findPeople(user);
    expect(status).toHaveTextContent('Found 2 matches for “person”; 1 selected.');
    const picker = screen.getByTestId('instance-picker');
    const largest = within(picker).getByRole('button', { name: 'person 1, largest (94% sure)' });
    const other = within(picker).getByRole('button', { name: 'person 2 (82% sure)' });
    expect(largest).toHaveAttribute('aria-pressed', 'true');
    expect(other).toHaveAttribute('aria-pressed', 'false');
    await user.click(other);
    expect(other).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    expect(await screen.findByText('Successfully removed "person" from your image!')).toBeInTheDocument();
    const form = calls.find((call) => call.url.startsWith('/api/ai/remove-image-object'))?.init.body as FormData;
    expect(form.get('all')).toBe('true');
    expect(form.get('instance')).toBeNull();
  });

  it('when only the woman at the back is picked, then instance=1 is sent and the reply says which was removed', async () => {
    const calls = api(twoPeople);
    const user = userEvent.setup();
    await findPeople(user);
    await user.click(screen.getByRole('button', { name: 'person 1, largest (94% sure)' }));
    await user.click(screen.getByRole('button', { name: 'person 2 (82% sure)' }));
    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    expect(await screen.findByText(/removed number 2 \(by size\)/)).toBeInTheDocument();
    const form = calls.find((call) => call.url.startsWith('/api/ai/remove-image-object'))?.init.body as FormData;
    expect(form.get('instance')).toBe('1');
    expect(form.get('object')).toBe('person');
  });

  it('when nothing is found, then the picker says so', async () => {
    api(null);
    const user = userEvent.setup();
    renderTool(<RemoveObjectPage />);
    await user.upload(screen.getByLabelText('Upload Image'), photo());
    await fill(user, screen.getByLabelText('Object to Remove'), 'person');
    await user.click(screen.getByRole('button', { name: 'Find "person" on the photo' }));
    expect(await screen.findByText('Couldn\'t find "person" in this image')).toBeInTheDocument();
  });

  it('when the object text changes after finding, then the outlines go away', async () => {
    api(twoPeople);
    const user = userEvent.setup();
    await findPeople(user);
    await user.type(screen.getByLabelText('Object to Remove'), 's');
    expect(screen.queryByTestId('instance-status')).not.toBeInTheDocument();
  });

  it('when the bench picked carries a dog, then the picker says so, and only a tick on "Remove it anyway" sends leaveFloating', async () => {
    const bench: Detection = {
      object: 'bench', width: 512, height: 512,
      instances: [{ index: 0, label: 'bench', score: 0.79, box: { x1: 36, y1: 226, x2: 462, y2: 490 }, area: 60000, maskPng: mask, carries: 'dog' }],
    };
    const calls = api(bench);
    const user = userEvent.setup();
    renderTool(<RemoveObjectPage />);
    await user.upload(screen.getByLabelText('Upload Image'), photo());
    await fill(user, screen.getByLabelText('Object to Remove'), 'bench');
    await user.click(screen.getByRole('button', { name: 'Find "bench" on the photo' }));
    const note = await screen.findByTestId('instance-carries');
    expect(note).toHaveTextContent('The dog rests on this bench: removing the bench would leave the dog floating in mid-air.');
    const anyway = within(note).getByRole('checkbox', { name: 'Remove it anyway' });
    expect(anyway).not.toBeChecked();
    await user.click(anyway);
    await user.click(screen.getByRole('button', { name: 'Remove Object' }));
    await screen.findByText('Successfully removed "bench" from your image!');
    const form = calls.find((call) => call.url.startsWith('/api/ai/remove-image-object'))?.init.body as FormData;
    expect(form.get('leaveFloating')).toBe('true');
    expect(form.get('instance')).toBe('0');
    // Deselected, nothing carried is picked: the warning goes and nothing extra is sent.
    await user.click(screen.getByRole('button', { name: 'bench 1 (79% sure)' }));
    expect(screen.queryByTestId('instance-carries')).not.toBeInTheDocument();
    expect(choiceFields(bench, [], true)).toEqual({});
    expect(choiceFields(twoPeople, [0], true)).toEqual({ instance: '0' });
  });

  it('choiceFields: none picked sends nothing (the server removes the largest); several but not all send the list', () => {
    const three: Detection = { ...twoPeople, instances: [...twoPeople.instances, { ...twoPeople.instances[1]!, index: 2 }] };
    expect(choiceFields(three, [])).toEqual({});
    expect(choiceFields(three, [2, 0])).toEqual({ instances: '0,2' });
    expect(choiceFields(three, [0, 1, 2])).toEqual({ all: 'true' });
    expect(choiceFields(null, [1])).toEqual({});
  });
});
