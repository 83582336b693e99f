-- Up Migration

-- What a personal API key may do (read: GET calls; tools: every other call of the user's own
-- data and tools; admin: the administrator api) and when it stops working (NULL: never).
-- Keys made before scopes existed keep what they could do; new keys default to read + tools.
ALTER TABLE api_keys
  ADD COLUMN scopes text[] NOT NULL DEFAULT ARRAY['read', 'tools', 'admin'],
  ADD COLUMN expires_at timestamptz;
ALTER TABLE api_keys ALTER COLUMN scopes SET DEFAULT ARRAY['read', 'tools'];

-- Down Migration
ALTER TABLE api_keys DROP COLUMN scopes, DROP COLUMN expires_at;
