import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const alertVariants = cva(
  'flex gap-3 rounded-lg border px-4 py-3 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-border bg-muted text-foreground',
        error: 'border-destructive/40 bg-destructive/10 text-destructive',
        success: 'border-success/40 bg-success/10 text-foreground [&_svg]:text-success',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

/** A message block; errors are announced to screen readers as they appear. */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}
