-- Up Migration
-- An Object Removal batch may carry one brush mask, applied to every image (scaled to each
-- image's size). Kept with the batch (a small greyscale PNG) so images added later get it too,
-- and gone with it.
ALTER TABLE batches ADD COLUMN mask bytea;

-- Down Migration
ALTER TABLE batches DROP COLUMN mask;
