import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { shellMessages } from '../config/messages';
import { paths } from '../config/paths';
import { BrandLogo } from './brand-logo';
import { ThemeToggle } from './theme-toggle';
import { Card, CardContent, CardHeader } from './ui/card';

/** A public screen (register, password recovery…) that shows only its title for now. */
export function PublicPagePlaceholder({ title }: { title: string }) {
  return (
    <main className="relative flex min-h-dvh items-center justify-center bg-background p-4">
      <title>{`${title} · Vórtex`}</title>
      <ThemeToggle className="absolute top-4 right-4" />
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <BrandLogo />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">{title}</h1>
        </CardHeader>
        <CardContent className="space-y-6 text-center">
          <p className="text-sm text-muted-foreground">{shellMessages.placeholder}</p>
          <Link
            to={paths.login.path}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {shellMessages.backToLogin}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
