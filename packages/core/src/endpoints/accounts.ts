import { AccountsResponseSchema, ChooseAccountRequestSchema } from '../accounts/accounts.schema.js';
import {
  AllAccountsQuerySchema,
  AllAccountsResponseSchema,
} from '../accounts/all-accounts.schema.js';
import { defineEndpoint } from './define-endpoint.js';

const tags = ['accounts'];
const errors = [400, 401, 404];

/** The account switcher's (issue 16): any signed-in user picks among their own MT5 accounts. */
export const accountsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/accounts',
    access: 'authenticated',
    tags,
    summary: 'Contas MT5 do usuário e a conta que as telas mostram',
    response: AccountsResponseSchema,
    errors,
  }),
  choose: defineEndpoint({
    method: 'PUT',
    path: '/api/accounts/current',
    access: 'authenticated',
    tags,
    summary: 'Escolhe a conta que as telas de negociação mostram',
    body: ChooseAccountRequestSchema,
    response: AccountsResponseSchema,
    errors,
  }),
  // 'Todas as contas' (issue 26): each account's figures, one currency's accounts summed.
  all: defineEndpoint({
    method: 'GET',
    path: '/api/accounts/all',
    access: 'authenticated',
    tags,
    summary: 'Todas as contas do usuário no período, somadas numa moeda por vez',
    query: AllAccountsQuerySchema,
    response: AllAccountsResponseSchema,
    errors,
  }),
};
