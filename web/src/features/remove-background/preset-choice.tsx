import { IMAGE_PRESETS, IMAGE_PRESET_NAMES, type ImagePresetName } from '@craftwell/contracts/tool-options';

export interface PresetValue {
  preset: ImagePresetName | null;
  /** The profile picture's colour (#rrggbb), replacing the preset's own. */
  colour: string;
}

export const NO_PRESET: PresetValue = { preset: null, colour: IMAGE_PRESETS['profile-picture'].background };

/** The fields a preset adds to a removal request (single or batch). */
export function presetFieldsOf(value: PresetValue): { preset?: ImagePresetName; colour?: string } {
  if (!value.preset) return {};
  return value.preset === 'profile-picture' ? { preset: value.preset, colour: value.colour } : { preset: value.preset };
}

/** "Finish" of Background Removal: keep the transparent cut-out, or a preset (and its colour). */
export function PresetChoice({ value, onChange, disabled }: { value: PresetValue; onChange: (next: PresetValue) => void; disabled?: boolean }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 text-sm text-slate-700" disabled={disabled}>
      <legend className="mb-1 font-medium text-slate-900">Finish</legend>
      <label className="flex items-start gap-2">
        <input type="radio" name="preset" className="mt-1" checked={value.preset === null} onChange={() => onChange({ ...value, preset: null })} />
        <span>Transparent PNG <span className="text-slate-500">(the cut-out as it is)</span></span>
      </label>
      {IMAGE_PRESET_NAMES.map((name) => (
        <label key={name} className="flex items-start gap-2">
          <input type="radio" name="preset" className="mt-1" checked={value.preset === name} onChange={() => onChange({ ...value, preset: name })} />
          <span>
            {IMAGE_PRESETS[name].label} <span className="text-slate-500">({IMAGE_PRESETS[name].description})</span>
          </span>
        </label>
      ))}
      {value.preset === 'profile-picture' ? (
        <label className="ml-6 flex items-center gap-2">
          Profile picture colour
          <input type="color" value={value.colour} onChange={(e) => onChange({ ...value, colour: e.target.value })} className="h-8 w-12 rounded border border-slate-300" />
        </label>
      ) : null}
    </fieldset>
  );
}
