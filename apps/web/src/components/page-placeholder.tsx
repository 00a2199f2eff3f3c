import { Construction } from 'lucide-react';
import { shellMessages } from '../config/messages';

/** A screen whose content arrives in a later issue: its title and a short notice. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <section className="mx-auto w-full max-w-6xl space-y-6">
      <title>{`${title} · Vórtex`}</title>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-8 text-sm text-muted-foreground">
        <Construction aria-hidden className="size-5 shrink-0" />
        {shellMessages.placeholder}
      </div>
    </section>
  );
}
