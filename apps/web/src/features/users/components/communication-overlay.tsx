import { MessagesSquare, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { usersTexts as t } from '../messages';

/**
 * The communication centre's frame (§2): a full-screen overlay closed by its backdrop or its
 * close button. The centre itself comes from the route (features do not import each other).
 */
export function CommunicationOverlay({ children }: { children?: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button>
          <MessagesSquare />
          {t.openCommunication}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="communication-backdrop"
          className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm"
        />
        <Dialog.Content className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-xl border border-border bg-background text-foreground shadow-2xl outline-none sm:inset-6 lg:inset-10">
          <header className="flex items-start justify-between gap-4 border-b border-border px-5 py-4 sm:px-8">
            <div className="flex items-center gap-3">
              <span className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary">
                <MessagesSquare aria-hidden className="size-5" />
              </span>
              <Dialog.Title className="text-xl font-semibold tracking-tight">
                {t.communicationTitle}
              </Dialog.Title>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t.close} title={t.close}>
                <X />
              </Button>
            </Dialog.Close>
          </header>
          {children ? (
            <>
              <Dialog.Description className="sr-only">
                {t.communicationDescription}
              </Dialog.Description>
              {children}
            </>
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8">
              <MessagesSquare aria-hidden className="size-10 text-muted-foreground/50" />
              <Dialog.Description className="max-w-md text-center text-sm text-muted-foreground">
                {t.communicationPending}
              </Dialog.Description>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
