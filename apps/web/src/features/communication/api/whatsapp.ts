import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@vortex/core';
import { requestEndpoint } from '../../../lib/api-client';
import { commTexts as t } from '../messages';
import { commRequest } from './comm-request';

export const whatsappKeys = {
  status: ['communication', 'whatsapp', 'status'] as const,
  qr: ['communication', 'whatsapp', 'qr'] as const,
};

/** §2: the status and the QR are asked again every 10 s until WhatsApp is connected. */
export const WHATSAPP_POLL_MS = 10_000;

export interface WhatsAppView {
  available: boolean;
  connected: boolean;
  phone: string | null;
}

// §8: a failed status reads as unavailable and disconnected.
const DOWN: WhatsAppView = { available: false, connected: false, phone: null };

export function useWhatsAppStatus() {
  return useQuery({
    queryKey: whatsappKeys.status,
    queryFn: async ({ signal }): Promise<WhatsAppView> => {
      try {
        const body = await commRequest(
          () => requestEndpoint(endpoints.whatsapp.status, { signal }),
          endpoints.whatsapp.status.response,
          t.connection,
        );
        return {
          available: body.baileys_available,
          connected: body.data.connected,
          phone: body.data.phone,
        };
      } catch {
        return DOWN;
      }
    },
    refetchInterval: (query) => (query.state.data?.connected ? false : WHATSAPP_POLL_MS),
    retry: false,
  });
}

/** The QR while waiting for a scan; failures are silent (§8): no QR yet. */
export function useWhatsAppQr(enabled: boolean) {
  return useQuery({
    queryKey: whatsappKeys.qr,
    queryFn: async ({ signal }): Promise<string | null> => {
      try {
        const body = await commRequest(
          () => requestEndpoint(endpoints.whatsapp.qr, { signal }),
          endpoints.whatsapp.qr.response,
          t.connection,
        );
        return body.data.qr;
      } catch {
        return null;
      }
    },
    enabled,
    refetchInterval: enabled ? WHATSAPP_POLL_MS : false,
    retry: false,
  });
}

export function useWhatsAppDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      commRequest(
        () => requestEndpoint(endpoints.whatsapp.disconnect, { body: undefined }),
        endpoints.whatsapp.disconnect.response,
        t.disconnectFailed,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['communication', 'whatsapp'] }),
  });
}
