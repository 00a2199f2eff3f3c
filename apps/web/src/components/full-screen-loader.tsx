import { shellMessages } from '../config/messages';
import { Spinner } from './ui/spinner';

export function FullScreenLoader({ label = shellMessages.loading }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center gap-3 bg-background">
      <Spinner className="text-primary" />
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}
