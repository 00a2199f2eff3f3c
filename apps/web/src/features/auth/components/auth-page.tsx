import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { publicMessages } from '../messages';

interface AuthPageProps {
  title: string;
  description?: ReactNode;
  /** Registration needs room for two columns; the recovery screens stay narrow. */
  wide?: boolean;
  children: ReactNode;
}

/** The frame of the public screens: logo, title and a card centred on the page. */
export function AuthPage({ title, description, wide = false, children }: AuthPageProps) {
  return (
    <main className="relative flex min-h-dvh items-center justify-center bg-background px-4 py-16 sm:px-8">
      <title>{`${title} · Vórtex`}</title>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-linear-to-b from-primary/10 to-transparent"
      />
      <ThemeToggle className="absolute top-4 right-4" />
      <Card className={cn('relative w-full', wide ? 'max-w-2xl' : 'max-w-md')}>
        <CardHeader className="items-center text-center">
          <BrandLogo />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription className="max-w-md">{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}

export function BackToLoginLink({ className }: { className?: string }) {
  return (
    <Link
      to={paths.login.path}
      className={cn(
        'inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline',
        className,
      )}
    >
      <ArrowLeft aria-hidden className="size-4" />
      {publicMessages.backToLogin}
    </Link>
  );
}
