import { WHATSAPP_QR_SIZE } from '@vortex/core';
import QRCode from 'qrcode';

/**
 * The pairing QR drawn here, as a PNG data URL, never by an outside image service. The tab
 * polls every 10 s and Baileys changes the QR about every 20 s: the last drawing is reused.
 */
export class QrImages {
  private last: { text: string; image: Promise<string> } | undefined;

  of(text: string): Promise<string> {
    if (this.last?.text !== text) {
      this.last = {
        text,
        image: QRCode.toDataURL(text, {
          width: WHATSAPP_QR_SIZE,
          margin: 1,
          errorCorrectionLevel: 'L',
        }),
      };
    }
    return this.last.image;
  }
}
