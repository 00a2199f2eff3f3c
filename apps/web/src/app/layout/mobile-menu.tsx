import { Menu, X } from 'lucide-react';
import { Dialog, VisuallyHidden } from 'radix-ui';
import { useState } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { Button } from '../../components/ui/button';
import { shellMessages } from '../../config/messages';
import { Sidebar } from './sidebar';

/** Small screens: a top bar whose button slides the sidebar in as a modal drawer. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border bg-background/85 px-4 backdrop-blur lg:hidden">
        <Dialog.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label={shellMessages.openMenu}>
            <Menu />
          </Button>
        </Dialog.Trigger>
        <BrandLogo />
      </header>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-sm lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] border-r border-sidebar-border shadow-xl outline-none lg:hidden"
        >
          <VisuallyHidden.Root>
            <Dialog.Title>{shellMessages.menuTitle}</Dialog.Title>
          </VisuallyHidden.Root>
          <Sidebar onNavigate={close} />
          <Dialog.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              className="absolute top-3.5 right-3"
              aria-label={shellMessages.closeMenu}
            >
              <X />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
