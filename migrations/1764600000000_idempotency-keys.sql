-- Up Migration
-- Idempotency keys of job requests (the Idempotency-Key header): the same user sending the same
-- key again gets the same job, never a second one. A key names one request body (its
-- fingerprint) and one job (its queue id, set before the job is enqueued). Kept 24 hours.
CREATE TABLE idempotency_keys (
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key          text NOT NULL,
  fingerprint  text NOT NULL,
  request_id   text NOT NULL,
  job_id       text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Down Migration
DROP TABLE idempotency_keys;
