import { cn } from '../lib/cn';

/** The Vórtex mark (a V in a gradient tile) with the product name. */
export function BrandLogo({
  className,
  nameClassName,
}: {
  className?: string;
  /** Size or hide the product name (the mark stays). */
  nameClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span
        aria-hidden
        className="grid size-9 place-items-center rounded-xl bg-linear-to-br from-brand-from to-brand-to text-white shadow-md"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M5 6l7 13 7-13" />
        </svg>
      </span>
      <span className={cn('text-lg font-bold tracking-tight', nameClassName)}>Vórtex</span>
    </span>
  );
}
