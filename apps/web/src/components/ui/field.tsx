import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

interface FieldProps {
  id: string;
  label: ReactNode;
  /** A hint under the control, read with it by screen readers. */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** Receives the ids the control must point to with aria-describedby. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** A label, its control, a hint and an error message, wired for assistive technology. */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy)}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
