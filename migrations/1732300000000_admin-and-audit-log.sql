-- Up Migration

-- An administrator can disable an account: it can neither sign in nor call the api.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

-- Administrator actions and sign-ins: who, what, when, from where. An entry goes with its actor's
-- account (deleting an account deletes everything of it); a target that goes is set to NULL.
CREATE TABLE audit_log (
  id              bigserial PRIMARY KEY,
  actor_id        text REFERENCES users (id) ON DELETE CASCADE,
  action          text NOT NULL,
  target_user_id  text REFERENCES users (id) ON DELETE SET NULL,
  -- another object acted on (a creation id), when there is one
  target          text,
  detail          jsonb,
  ip              text,
  user_agent      text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id);
CREATE INDEX audit_log_target_user_idx ON audit_log (target_user_id);

-- Down Migration
DROP TABLE audit_log;
ALTER TABLE users DROP COLUMN disabled_at;
