import {
  defaultAlertsConfig,
  phoneConfirmationMessages as m,
  type PhoneConfirmationState,
} from '@vortex/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { seedSession, traderUser } from '../../../test/session-fixtures';

const PHONE = '+55 11 91234-5678';
const EXPIRES = '2026-03-15T15:10:00.000Z';
const sent = m.sent('whatsapp', '5678');

/** The server's side: the phone's state, changed by the flow's two calls as the API does. */
function phoneApi(
  initial: Partial<PhoneConfirmationState>,
  verify: (code: string, state: PhoneConfirmationState) => Response,
) {
  seedSession(traderUser);
  const state: PhoneConfirmationState = {
    phone: PHONE,
    confirmed: false,
    confirmed_at: null,
    code_expires_at: null,
    ...initial,
  };
  const answer = (message: string) => json({ success: true, message, data: { ...state } });
  return fakeApi({
    'GET /api/auth/whoami': () => json({ success: true, user: traderUser }),
    'GET /api/alerts/config': () => json({ success: true, config: defaultAlertsConfig() }),
    'GET /api/alerts/recent': () => json({ success: true, alerts: [] }),
    'GET /api/phone/confirmation': () => json({ success: true, data: { ...state } }),
    'POST /api/phone/confirmation': () => {
      state.code_expires_at = EXPIRES;
      return json({ success: true, message: sent, channel: 'whatsapp', data: { ...state } });
    },
    'POST /api/phone/confirmation/verify': (call: FakeCall) => {
      const res = verify((call.body as { code: string }).code, state);
      if (res.status !== 200) return res;
      Object.assign(state, {
        confirmed: true,
        confirmed_at: '2026-03-15T15:02:00.000Z',
        code_expires_at: null,
      });
      return answer(m.verified);
    },
  });
}

async function card() {
  renderApp('/alerts');
  return screen.findByRole('group', { name: 'Telefone da conta' }, { timeout: 5000 });
}

const right = (code: string) =>
  code === '123456'
    ? json({ success: true })
    : json({ success: false, error: m.wrongCode(4) }, { status: 400 });

describe("'Telefone da conta' on the alerts screen", () => {
  it('sends a code, refuses a wrong one with the server’s reason and confirms with the right one', async () => {
    const api = phoneApi({}, right);
    const box = await card();
    expect(await within(box).findByText('Telefone não confirmado')).toBeTruthy();
    expect(within(box).getByText(PHONE)).toBeTruthy();

    fireEvent.click(within(box).getByRole('button', { name: 'Confirmar telefone' }));
    expect(await within(box).findByText(sent)).toBeTruthy();
    const code = await within(box).findByLabelText('Código de confirmação');
    // Until 12:10 in São Paulo, the code's expiry.
    expect(within(box).getByText(/vale até 12:10/)).toBeTruthy();

    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Confirmar código' }));
    expect(await within(box).findByText(m.codeFormat)).toBeTruthy();

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Confirmar código' }));
    expect(await within(box).findByText(m.wrongCode(4))).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Confirmar código' }));
    expect(await within(box).findByText(m.verified)).toBeTruthy();
    expect(within(box).getByText('Telefone confirmado')).toBeTruthy();
    expect(within(box).getByText(/Confirmado em 15\/03\/2026 12:02/)).toBeTruthy();
    expect(within(box).queryByLabelText('Código de confirmação')).toBeNull();

    const posts = api.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/phone'));
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      ['/api/phone/confirmation', {}],
      ['/api/phone/confirmation/verify', { code: '654321' }],
      ['/api/phone/confirmation/verify', { code: '123456' }],
    ]);
  });

  it('offers a new code once the tries are spent', async () => {
    phoneApi({ code_expires_at: EXPIRES }, (_code, state) => {
      state.code_expires_at = null;
      return json({ success: false, error: m.triesExhausted }, { status: 429 });
    });
    const box = await card();
    fireEvent.change(await within(box).findByLabelText('Código de confirmação'), {
      target: { value: '000000' },
    });
    fireEvent.click(within(box).getByRole('button', { name: 'Confirmar código' }));
    expect(await within(box).findByText(m.triesExhausted)).toBeTruthy();
    expect(await within(box).findByRole('button', { name: 'Confirmar telefone' })).toBeTruthy();
  });

  it('shows a confirmed phone with its date and no flow', async () => {
    phoneApi({ confirmed: true, confirmed_at: '2026-03-01T13:30:00.000Z' }, right);
    const box = await card();
    expect(await within(box).findByText('Telefone confirmado')).toBeTruthy();
    expect(within(box).getByText(/Confirmado em 01\/03\/2026 10:30/)).toBeTruthy();
    expect(within(box).queryByRole('button')).toBeNull();
  });

  it('says when the account has no phone', async () => {
    phoneApi({ phone: null }, right);
    const box = await card();
    expect(await within(box).findByText('Nenhum telefone cadastrado na sua conta.')).toBeTruthy();
    expect(within(box).queryByRole('button')).toBeNull();
  });
});
