-- Up Migration

-- Who owns a stored object that no creation row names (profile pictures). Written in the same
-- transaction as the row that points at the object; a delete on a user's behalf needs a row here
-- (or a creation of theirs) naming the key, so users.image, which a user can edit, never decides.
CREATE TABLE stored_objects (
  key         text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_objects_user_idx ON stored_objects (user_id);

-- Existing profile pictures: a key counts as the user's own when no creation names it and no
-- other user's picture names it too.
INSERT INTO stored_objects (key, user_id)
SELECT key, min(id)
FROM (
  SELECT id, substring(image FROM '((?:results|uploads)/[0-9]{4}/[0-9]{2}/[A-Za-z0-9_-]{22}\.[a-z0-9]{1,5})$') AS key
  FROM users
  WHERE image IS NOT NULL
) AS pictures
WHERE key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM creations c WHERE c.object_key = pictures.key)
GROUP BY key
HAVING count(*) = 1;

-- Down Migration
DROP TABLE stored_objects;
