import { paths } from '../../config/paths';
import { PairingPanel } from '../../features/bridge';
import { LiveFeed } from '../../lib/live';

export function Component() {
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6">
      <title>{`${paths.bridge.title} · Vórtex`}</title>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{paths.bridge.title}</h1>
      <PairingPanel />
      <LiveFeed />
    </section>
  );
}
