export { BridgeBadge } from './components/bridge-badge';
export { OnboardingOverlay } from './components/onboarding-overlay';
export { PairingPanel } from './components/pairing-panel';
export { useBridgeLiveSync } from './hooks/use-bridge-live-sync';
export { useOnboardingGate } from './hooks/use-onboarding-gate';
export { bridgeTexts } from './messages';
