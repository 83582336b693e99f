-- Up Migration
-- Batches: many images through one image tool. Each item is an ordinary job of its tool (its
-- request id is the job's and its creation's job_id); its state is read from the queue and the
-- creations table, so nothing here can disagree with them.
CREATE TABLE batches (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tool            text NOT NULL,
  object          text,
  -- Background Removal's finishing preset (IMAGE_PRESETS) and the colour replacing its own.
  preset          text,
  colour          text,
  idempotency_key text,
  cancelled_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX batches_user_created_idx ON batches (user_id, created_at DESC);

CREATE TABLE batch_items (
  batch_id        uuid NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  position        integer NOT NULL,
  file_name       text NOT NULL,
  -- Set once its job is enqueued; null for an item refused before it ran.
  request_id      text,
  job_id          text,
  refused_code    text,
  refused_message text,
  -- The image's SHA-256: the same image is run once per batch, however often it is sent.
  digest          text,
  PRIMARY KEY (batch_id, position)
);
CREATE INDEX batch_items_request_idx ON batch_items (request_id);

-- A batch item's reservation does not count as one of the user's running jobs (they queue behind
-- interactive requests; the batch has its own bound).
ALTER TABLE usage_reservations ADD COLUMN background boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE usage_reservations DROP COLUMN background;
DROP TABLE batch_items;
DROP TABLE batches;
