import { BrandLogo } from '../../../components/brand-logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { authMessages as m } from '../messages';
import { CreateAccountPanel } from './create-account-panel';
import { LoginForm } from './login-form';
import { LoginHighlights } from './login-highlights';

export function LoginScreen() {
  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <LoginHighlights className="order-2 lg:order-1" />
      <main className="relative order-1 flex items-center justify-center px-4 py-12 sm:px-8 lg:order-2">
        <ThemeToggle className="absolute top-4 right-4" />
        <div className="w-full max-w-md space-y-8">
          <div className="space-y-2">
            <BrandLogo className="lg:hidden" />
            <h1 className="pt-4 text-3xl font-bold tracking-tight">{m.heading}</h1>
            <p className="text-muted-foreground">{m.subheading}</p>
          </div>
          <LoginForm />
          <div className="border-t border-border pt-6">
            <CreateAccountPanel />
          </div>
        </div>
      </main>
    </div>
  );
}
