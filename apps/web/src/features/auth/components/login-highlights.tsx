import { Bell, Bot, ChartLine, FileText } from 'lucide-react';
import { BrandLogo } from '../../../components/brand-logo';
import { cn } from '../../../lib/cn';
import { authMessages as m } from '../messages';

const icons = [Bot, ChartLine, FileText, Bell] as const;

/** The side panel of the login page: what the product does, in four lines. */
export function LoginHighlights({ className }: { className?: string }) {
  return (
    <aside
      className={cn(
        'relative flex flex-col justify-between overflow-hidden bg-linear-to-br from-hero-from via-hero-via to-hero-to p-8 text-white lg:p-12',
        className,
      )}
    >
      <div aria-hidden className="hero-glow pointer-events-none absolute inset-0" />
      <BrandLogo className="relative" nameClassName="text-2xl" />
      <div className="relative my-10 max-w-md space-y-4">
        <h2 className="text-3xl leading-tight font-bold tracking-tight lg:text-4xl">
          {m.heroTitle}
        </h2>
        <p className="text-base text-white/80">{m.heroText}</p>
      </div>
      <ul className="relative grid gap-4 sm:grid-cols-2">
        {m.highlights.map((item, index) => {
          const Icon = icons[index] ?? Bot;
          return (
            <li
              key={item.title}
              className="rounded-xl border border-white/15 bg-white/10 p-4 backdrop-blur-sm"
            >
              <Icon aria-hidden className="mb-2 size-5 text-cyan-200" />
              <p className="font-semibold">{item.title}</p>
              <p className="mt-1 text-sm text-white/75">{item.text}</p>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
