-- Up Migration

-- Lists page first and then read the likes of that page only (core/repositories/creations.ts).
-- This index gives one page item's likes in their display order straight from the index
-- (index-only scan, no sort), so a page costs the same at 100 or 100,000 likes.
CREATE INDEX creation_likes_creation_created_idx ON creation_likes (creation_id, created_at, user_id);

-- The own list and the dashboard counters (count, count in the last 7 days) keep using
-- creations_user_created_idx; the gallery keeps using creations_published_idx (both in the
-- initial schema). Their use is checked with EXPLAIN on 10,000 rows in tests/integration.

-- Down Migration
DROP INDEX creation_likes_creation_created_idx;
