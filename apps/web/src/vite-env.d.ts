/// <reference types="vite/client" />

interface Window {
  /** Written by the server's /runtime-config.js so one build serves any deployment. */
  __VORTEX_CONFIG__?: { apiUrl?: unknown };
}
