import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { shellMessages } from '../../config/messages';
import { paths } from '../../config/paths';
import { bridgeTexts, PairingPanel, useBridgeLiveSync } from '../../features/bridge';
import { LiveProvider } from '../../lib/live';
import { useMt5Status } from '../../lib/mt5-status';
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

/**
 * A pairing made here goes on to /dashboard by itself; a bridge already connected on arrival is
 * shown with a way to the dashboard instead of a jump the trader did not ask for.
 */
function WelcomePairing() {
  const navigate = useNavigate();
  const mt5 = useMt5Status();
  const [connected, setConnected] = useState(false);
  const [connectedOnArrival, setConnectedOnArrival] = useState<boolean | undefined>();
  useBridgeLiveSync();
  const onConnected = useCallback(() => setConnected(true), []);
  // Judged on the first fresh answer, never on a status cached by an earlier screen.
  const answered = !mt5.isFetching && (mt5.isFetchedAfterMount || !mt5.isStale);
  if (connectedOnArrival === undefined && answered)
    setConnectedOnArrival(mt5.data?.bridge_connected === true);
  useEffect(() => {
    if (!connected || connectedOnArrival !== false) return;
    const timer = setTimeout(() => void navigate(paths.dashboard.path), CONNECTED_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [connected, connectedOnArrival, navigate]);
  return (
    <div className="space-y-4">
      <PairingPanel onConnected={onConnected} />
      {connected && (
        <Button asChild size="lg" className="w-full">
          <Link to={paths.dashboard.path}>
            {bridgeTexts.accessDashboard}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      )}
    </div>
  );
}
