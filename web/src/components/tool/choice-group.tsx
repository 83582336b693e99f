import { useId } from 'react';
import { cn } from '../../lib/cn.js';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
  /** A second, smaller line (e.g. the min-read label). */
  detail?: string;
}

/**
 * A labelled group of native radio buttons drawn as chips or cards: one is always selected,
 * arrow keys move between them, and screen readers hear a radio group.
 */
export function ChoiceGroup<V extends string | number>({
  legend,
  choices,
  value,
  onChange,
  variant = 'chip',
  disabled = false,
}: {
  legend: string;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  variant?: 'chip' | 'card';
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-2 block text-sm font-medium text-slate-700">{legend}</legend>
      {/* Cards sit side by side only when the form itself is wide enough for each label on one line. */}
      <div className="@container">
        <div className={cn(variant === 'card' ? 'grid gap-2 @min-[36rem]:grid-cols-3' : 'flex flex-wrap gap-2')}>
          {choices.map((choice) => {
            const selected = choice.value === value;
            return (
              <label
                key={String(choice.value)}
                className={cn(
                  'relative cursor-pointer select-none border transition',
                  'has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-500 has-[input:focus-visible]:ring-offset-1',
                  // Stacked cards put the detail beside the label; side by side, beneath it.
                  variant === 'card' ? 'flex items-baseline justify-between gap-3 rounded-xl px-3 py-2.5 @min-[36rem]:block' : 'rounded-full px-3.5 py-1.5 text-sm',
                  selected
                    ? 'border-brand-500 bg-brand-50 text-brand-800 shadow-xs'
                    : 'border-slate-200 bg-white text-slate-600 hover:border-slate-300 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={String(choice.value)}
                  checked={selected}
                  onChange={() => onChange(choice.value)}
                  aria-label={choice.detail ? `${choice.label}, ${choice.detail}` : undefined}
                  className="sr-only"
                />
                <span className={cn('block', variant === 'card' && 'text-sm font-medium whitespace-nowrap')}>{choice.label}</span>
                {choice.detail ? (
                  <span className={cn('block text-xs whitespace-nowrap @min-[36rem]:mt-0.5', selected ? 'text-brand-700' : 'text-slate-500')}>{choice.detail}</span>
                ) : null}
              </label>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}
