-- Up Migration

-- Personal API keys: a script calls the api with `Authorization: Bearer cw_...` instead of a
-- browser session. Only the SHA-256 of a key is stored; the key itself is shown once.
CREATE TABLE api_keys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          text NOT NULL,
  -- the key's first characters, so a person can tell keys apart in the list
  prefix        text NOT NULL,
  key_hash      bytea NOT NULL UNIQUE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at);

-- Down Migration
DROP TABLE api_keys;
