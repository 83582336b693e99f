-- Up Migration

-- Invite links for SIGNUP_MODE=invite: an administrator makes one, a person signs up with it
-- once. Only the SHA-256 of the code is kept.
CREATE TABLE signup_invites (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_hash   bytea NOT NULL UNIQUE,
  created_by  text REFERENCES users (id) ON DELETE SET NULL,
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_by     text REFERENCES users (id) ON DELETE SET NULL,
  used_at     timestamptz
);
CREATE INDEX signup_invites_created_idx ON signup_invites (created_at DESC);

-- Down Migration
DROP TABLE signup_invites;
