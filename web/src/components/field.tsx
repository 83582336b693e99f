import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn.js';

export const inputClasses =
  'block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset ' +
  'placeholder:text-slate-400 transition focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500';

type FieldShellProps = { label: string; hint?: ReactNode; error?: string | null; id: string; children: ReactNode; className?: string };

function FieldShell({ label, hint, error, id, children, className }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The id and aria props of a field's control: it points at its error line, else its hint (the ids FieldShell renders). */
function useFieldControl(id: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return {
    id: fieldId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
  };
}

const errorRing = (error: string | null | undefined) => error && 'ring-red-400 focus:ring-red-500';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; error?: string | null; wrapperClassName?: string };

/** A labelled text input with an optional hint or error line. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, className, wrapperClassName, id, ...rest }, ref) {
  const control = useFieldControl(id, hint, error);
  return (
    <FieldShell label={label} hint={hint} error={error} id={control.id} className={wrapperClassName}>
      <input ref={ref} {...control} className={cn(inputClasses, errorRing(error), className)} {...rest} />
    </FieldShell>
  );
});

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode; error?: string | null; wrapperClassName?: string };

/** A labelled textarea with an optional hint or error line. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, hint, error, className, wrapperClassName, id, ...rest }, ref) {
  const control = useFieldControl(id, hint, error);
  return (
    <FieldShell label={label} hint={hint} error={error} id={control.id} className={wrapperClassName}>
      <textarea ref={ref} {...control} className={cn(inputClasses, 'min-h-24 resize-y', errorRing(error), className)} {...rest} />
    </FieldShell>
  );
});
