import { taxMessages as m } from '@vortex/core';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

interface DaysToggleProps {
  open: boolean;
  /** The id of the block it opens. */
  controls: string;
  onToggle: () => void;
  className?: string;
}

/** 'Ver operações' / 'Ocultar operações' of a month, as a row or as a card. */
export function DaysToggle({ open, controls, onToggle, className }: DaysToggleProps) {
  return (
    <Button
      variant="link"
      size="sm"
      className={cn('h-auto gap-1 px-0 text-xs', className)}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
      {open ? m.hideDays : m.showDays}
    </Button>
  );
}
