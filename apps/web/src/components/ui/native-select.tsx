import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A styled native <select>: keyboard, screen readers and mobile pickers work as the platform
 * does, and tests drive it with a plain change event.
 */
export function NativeSelect({
  className,
  compact = false,
  children,
  ...props
}: ComponentProps<'select'> & { compact?: boolean }) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'h-10 w-full min-w-0 appearance-none rounded-lg border border-input bg-background py-2 pr-9 pl-3 text-sm shadow-xs transition-colors outline-none',
          'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          compact && 'h-8 py-1 pr-8 pl-2.5 text-xs',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className={cn(
          'pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground',
          compact && 'right-2.5 size-3.5',
        )}
      />
    </div>
  );
}
