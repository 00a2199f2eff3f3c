import { describe, expect, it } from 'vitest';
import { messageText } from './message-text.js';

describe('messageText', () => {
  it('reads ASCII and UTF-8 payloads as the same string UTF-8 decoding gives', () => {
    for (const text of [
      '',
      '{"type":"deals","deals":[{"comment":"vortex:trend-follow v2"}]}',
      '{"comment":"ação ✓ 📈"}',
      '\u007f\u0080\u00ff',
    ]) {
      expect(messageText(Buffer.from(text, 'utf8'))).toBe(text);
    }
  });
});
