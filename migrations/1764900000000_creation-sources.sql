-- Up Migration
-- A creation made from another one (a cut-out of an earlier result, an object removed from it):
-- the dashboard shows where a result came from. Deleting the source keeps the result.
ALTER TABLE creations ADD COLUMN source_id uuid REFERENCES creations (id) ON DELETE SET NULL;

-- Down Migration
ALTER TABLE creations DROP COLUMN source_id;
