import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { shellMessages } from '../../config/messages';
import { paths } from '../../config/paths';
import { PairingPanel, useBridgeLiveSync } from '../../features/bridge';
import { LiveProvider } from '../../lib/live';
import { useSession } from '../../lib/session';

/** After 'Conectado!' is shown, the trader moves on to the dashboard. */
const CONNECTED_PAUSE_MS = 2500;

/** access-and-admin.md §2: a pairing component; when pairing completes, go to /dashboard. */
export function Component() {
  const session = useSession();
  const loggedIn = session.state.status === 'authenticated';
  return (
    <main className="relative flex min-h-dvh items-center justify-center bg-background p-4">
      <title>{`${paths.welcome.title} · Vórtex`}</title>
      <ThemeToggle className="absolute top-4 right-4" />
      <div className="w-full max-w-xl space-y-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <BrandLogo />
          <h1 className="text-2xl font-semibold tracking-tight">{paths.welcome.title}</h1>
        </div>
        {loggedIn ? (
          <LiveProvider>
            <WelcomePairing />
          </LiveProvider>
        ) : (
          <Card>
            <CardHeader />
            <CardContent className="space-y-4 text-center text-sm text-muted-foreground">
              <p>{welcomeTexts.loginFirst}</p>
              <Link
                to={paths.login.path}
                className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
              >
                <ArrowLeft aria-hidden className="size-4" />
                {shellMessages.backToLogin}
              </Link>
            </CardContent>
          </Card>
        )}
      </div>
    </main>
  );
}

const welcomeTexts = {
  loginFirst: 'Entre na sua conta para parear a bridge do MetaTrader 5.',
};

function WelcomePairing() {
  const navigate = useNavigate();
  const [connected, setConnected] = useState(false);
  useBridgeLiveSync();
  const onConnected = useCallback(() => setConnected(true), []);
  useEffect(() => {
    if (!connected) return;
    const timer = setTimeout(() => void navigate(paths.dashboard.path), CONNECTED_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [connected, navigate]);
  return <PairingPanel onConnected={onConnected} />;
}
