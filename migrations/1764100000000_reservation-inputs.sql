-- Up Migration
-- The uploads a reserved job reads: when the job can no longer finish (failed in the queue,
-- stalled out, lost with Redis' data), the reservation sweep deletes them with the reservation.
ALTER TABLE usage_reservations ADD COLUMN input_keys text[] NOT NULL DEFAULT '{}';

-- Down Migration
ALTER TABLE usage_reservations DROP COLUMN input_keys;
