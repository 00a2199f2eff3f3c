export const sql = /* sql */ `
CREATE TABLE users (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  unique_id      uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  username       text NOT NULL UNIQUE,
  full_name      text NOT NULL DEFAULT '',
  date_of_birth  date,
  email          text NOT NULL,
  phone          text,
  role           text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user', 'trader', 'viewer')),
  status         text NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'approved', 'active', 'suspended', 'rejected')),
  account_type   text NOT NULL DEFAULT 'REAL' CHECK (account_type IN ('DEMO', 'REAL')),
  uses_mt5       boolean NOT NULL DEFAULT true,
  broker         text,
  password_hash  text NOT NULL,
  trial_ends_at  timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  last_login     timestamptz
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE INDEX users_role_idx ON users (role);

CREATE TABLE client_logs (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  level           text NOT NULL,
  message         text NOT NULL,
  stack           text,
  component_stack text,
  user_agent      text,
  client_ts       text,
  url             text,
  ip              inet,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_logs_created_at_idx ON client_logs (created_at);
`;
