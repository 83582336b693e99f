-- Up Migration

-- Accounts. Column names are snake_case; better-auth is mapped onto them in api/src/auth/local.ts.
-- Ids default to UUIDs: better-auth (generateId: 'uuid') leaves them to Postgres.
CREATE TABLE users (
  id              text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name            text NOT NULL,
  email           text NOT NULL,
  email_verified  boolean NOT NULL DEFAULT false,
  image           text,
  plan            text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'premium')),
  is_admin        boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
-- At most one administrator is created automatically (the first account).
CREATE UNIQUE INDEX users_single_first_admin ON users (is_admin) WHERE is_admin;

CREATE TABLE sessions (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token       text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  ip_address  text,
  user_agent  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE accounts (
  id                        text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id                   text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id                text NOT NULL,
  provider_id               text NOT NULL,
  access_token              text,
  refresh_token             text,
  id_token                  text,
  access_token_expires_at   timestamptz,
  refresh_token_expires_at  timestamptz,
  scope                     text,
  password                  text,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_user_id_idx ON accounts (user_id);

CREATE TABLE verifications (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  identifier  text NOT NULL,
  value       text NOT NULL,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verifications_identifier_idx ON verifications (identifier);

-- better-auth's rate limiter (sign-in attempts), shared by every api replica.
CREATE TABLE rate_limits (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  key           text NOT NULL UNIQUE,
  count         integer NOT NULL,
  last_request  bigint NOT NULL
);

-- What users made.
CREATE TABLE creations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type        text NOT NULL,
  prompt      text NOT NULL,
  content     text NOT NULL,
  publish     boolean NOT NULL DEFAULT false,
  engine      jsonb,
  -- storage key of the result object (images), so deletes and the orphan sweep can find it
  object_key  text,
  -- the job that produced it: a retried job never creates a second row
  job_id      text UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- get-user-creations: own list, newest first
CREATE INDEX creations_user_created_idx ON creations (user_id, created_at DESC, id DESC);
-- get-published-creations: published images, newest first, keyset pagination
CREATE INDEX creations_published_idx ON creations (created_at DESC, id DESC) WHERE publish;
CREATE UNIQUE INDEX creations_object_key_idx ON creations (object_key) WHERE object_key IS NOT NULL;

CREATE TABLE creation_likes (
  creation_id  uuid NOT NULL REFERENCES creations (id) ON DELETE CASCADE,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (creation_id, user_id)
);
CREATE INDEX creation_likes_user_idx ON creation_likes (user_id);

-- Quotas: successful uses per user, tool and calendar month (period 'YYYY-MM').
CREATE TABLE usage_counters (
  user_id  text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tool     text NOT NULL,
  period   text NOT NULL,
  used     integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (user_id, tool, period)
);

-- A use that is running now: counted against the limit so parallel requests cannot overspend,
-- turned into a usage count on success, dropped on failure. Stale ones (crashed api) expire.
CREATE TABLE usage_reservations (
  job_id      text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tool        text NOT NULL,
  period      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_reservations_user_tool_idx ON usage_reservations (user_id, tool, period);

CREATE TABLE newsletter_subscribers (
  email       text PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE newsletter_subscribers;
DROP TABLE usage_reservations;
DROP TABLE usage_counters;
DROP TABLE creation_likes;
DROP TABLE creations;
DROP TABLE rate_limits;
DROP TABLE verifications;
DROP TABLE accounts;
DROP TABLE sessions;
DROP TABLE users;
