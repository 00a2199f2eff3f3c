import { WhatsAppSendError, type WhatsAppPort } from '../whatsapp/whatsapp-port.js';
import { ChannelSendError, type ChannelSender } from './channel-sender.js';
import { messagingMessages as msg } from './messaging-messages.js';

/** WhatsApp through the port: the linked session, or the offline stand-in that says why not. */
export function whatsappChannel(port: () => WhatsAppPort): ChannelSender {
  return {
    unavailable: () => {
      const state = port().state();
      if (!state.available) return msg.whatsappUnavailable;
      return state.connected ? null : msg.whatsappDisconnected;
    },
    send: async (m) => {
      const whatsapp = port();
      // No messaging service on this server: waiting will not bring one.
      if (!whatsapp.state().available) throw new ChannelSendError(msg.whatsappUnavailable, true);
      try {
        await whatsapp.send(m.to, m.body);
      } catch (err) {
        throw new ChannelSendError(
          err instanceof WhatsAppSendError ? err.message : msg.whatsappFailed,
        );
      }
    },
  };
}
