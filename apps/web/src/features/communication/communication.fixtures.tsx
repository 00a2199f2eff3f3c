import { MESSAGE_TEMPLATES, type PublicUser } from '@vortex/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { fakeApi, json, type FakeCall } from '../../test/fake-api';
import { makeUser } from '../../test/session-fixtures';
import { CommunicationCentre } from './components/communication-centre';

/** Two reachable users (one DEMO without a phone), plus a pending one the centre leaves out. */
export const recipients: PublicUser[] = [
  makeUser({ id: 1, username: 'ana_demo', account_type: 'DEMO', phone: null }),
  makeUser({ id: 2, username: 'bruno_real', account_type: 'REAL', phone: '5511988887777' }),
  makeUser({ id: 3, username: 'caio_pend', status: 'pending' }),
];

type Handlers = Record<string, (call: FakeCall) => Response | Promise<Response>>;

export function commApi(handlers: Handlers = {}, users: PublicUser[] = recipients) {
  return fakeApi({
    'GET /users': () => json({ success: true, users, data: users }),
    'GET /communication/templates': () => json({ success: true, templates: MESSAGE_TEMPLATES }),
    'GET /alerts/whatsapp/status': () =>
      json({
        success: true,
        baileys_available: true,
        data: { connected: false, state: 'waiting_qr', phone: null },
      }),
    'GET /alerts/whatsapp/qr': () =>
      json({
        success: true,
        data: { qr: 'data:image/png;base64,AAAA', connected: false, message: '' },
      }),
    ...handlers,
  });
}

export function renderCentre() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CommunicationCentre />
    </QueryClientProvider>,
  );
}
