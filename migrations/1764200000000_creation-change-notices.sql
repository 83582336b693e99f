-- Up Migration
-- Every change to creations or likes is announced on the channel craftwell_creations with the
-- id of the user whose list it changes (the owner of the creation). The api keeps short-lived
-- copies of the gallery's and each user's list pages and drops them when it hears of a change,
-- from whichever process wrote it (api replicas, workers, the admin CLI, plain SQL).
-- Statement-level triggers: one notice per user and statement, however many rows it touched.
CREATE FUNCTION craftwell_creations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('craftwell_creations', u) FROM (SELECT DISTINCT user_id AS u FROM new_rows) s;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM pg_notify('craftwell_creations', u) FROM (SELECT DISTINCT user_id AS u FROM old_rows) s;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION craftwell_likes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('craftwell_creations', u)
       FROM (SELECT DISTINCT c.user_id AS u FROM new_rows l JOIN creations c ON c.id = l.creation_id) s;
  ELSE
    PERFORM pg_notify('craftwell_creations', u)
       FROM (SELECT DISTINCT c.user_id AS u FROM old_rows l JOIN creations c ON c.id = l.creation_id) s;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER creations_inserted AFTER INSERT ON creations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION craftwell_creations_changed();
CREATE TRIGGER creations_updated AFTER UPDATE ON creations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION craftwell_creations_changed();
CREATE TRIGGER creations_deleted AFTER DELETE ON creations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION craftwell_creations_changed();
CREATE TRIGGER likes_inserted AFTER INSERT ON creation_likes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION craftwell_likes_changed();
CREATE TRIGGER likes_deleted AFTER DELETE ON creation_likes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION craftwell_likes_changed();

-- Down Migration
DROP TRIGGER likes_deleted ON creation_likes;
DROP TRIGGER likes_inserted ON creation_likes;
DROP TRIGGER creations_deleted ON creations;
DROP TRIGGER creations_updated ON creations;
DROP TRIGGER creations_inserted ON creations;
DROP FUNCTION craftwell_likes_changed();
DROP FUNCTION craftwell_creations_changed();
