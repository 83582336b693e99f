-- Up Migration
-- Links that show one creation to anyone holding the token. Only the token's SHA-256 digest is
-- stored, so a copy of the database opens nothing. Deleting the creation (or the account, which
-- deletes its creations) deletes its links.
CREATE TABLE share_links (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  creation_id           uuid NOT NULL REFERENCES creations (id) ON DELETE CASCADE,
  user_id               text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash            bytea NOT NULL UNIQUE,
  -- scrypt: "salt.hash" in base64url, or null for a link without a password
  password_hash         text,
  expires_at            timestamptz,
  revoked_at            timestamptz,
  -- password attempts in the current window, counted here so the limit holds across replicas
  attempts              integer NOT NULL DEFAULT 0,
  attempts_window_start timestamptz NOT NULL DEFAULT now(),
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX share_links_user_idx ON share_links (user_id, created_at DESC);
CREATE INDEX share_links_creation_idx ON share_links (creation_id);

-- Down Migration
DROP TABLE share_links;
