/** The bar of a progress display: 0–100, never drawn narrower than `minPercent` so it shows it started. */
export function ProgressTrack({ percent, label, valueText, minPercent = 3 }: { percent: number; label: string; valueText?: string; minPercent?: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-2 overflow-hidden rounded-full bg-brand-100"
    >
      <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-accent-500 transition-[width] duration-500 ease-out" style={{ width: `${Math.max(percent, minPercent)}%` }} />
    </div>
  );
}
