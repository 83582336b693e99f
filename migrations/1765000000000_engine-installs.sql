-- Up Migration
-- Optional engines an administrator installed from the admin page (inpainting models for object
-- removal). The file itself is in object storage under storage_key, where every worker can fetch
-- it; a worker keeps a local copy keyed by the checksum. While state = 'downloading', received
-- and total are the progress, written by the api process doing the download (updated_at shows it
-- is alive).
CREATE TABLE engine_installs (
  name         text PRIMARY KEY,
  state        text NOT NULL CHECK (state IN ('downloading', 'installed', 'failed')),
  received     bigint NOT NULL DEFAULT 0,
  total        bigint,
  sha256       text,
  storage_key  text,
  error        text,
  installed_by text REFERENCES users (id) ON DELETE SET NULL,
  started_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE engine_installs;
