import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'role'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off control (role switch). A plain button rather than Radix's, whose hidden form input
 * measures itself with ResizeObserver inside a <form>.
 */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors outline-none',
        'bg-input data-[state=checked]:bg-primary',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      onClick={() => {
        onCheckedChange(!checked);
      }}
      {...props}
    >
      <span
        data-state={state}
        className="pointer-events-none block size-5 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </button>
  );
}
