-- A container's log lines outlive its replicas: each replica line names its container and replica itself,
-- so the lines of a stopped or replaced replica (its "Received SIGTERM" included) can still be read, filtered
-- and downloaded by time, until the container's retention (by age and size) drops them.
ALTER TABLE log_lines ADD COLUMN container_id integer;
ALTER TABLE log_lines ADD COLUMN replica text;

UPDATE log_lines l
SET container_id = r.container_id, replica = r.name
FROM container_replicas r
WHERE l.source_kind = 'replica' AND r.id = l.source_id;

-- Lines of replicas already gone have nothing left to name them by.
DELETE FROM log_lines WHERE source_kind = 'replica' AND container_id IS NULL;

-- A container's lines by time (the logs tab's ranges) and newest first (a tail's catch-up, the latest page).
CREATE INDEX log_lines_container_time_idx ON log_lines (container_id, occurred_at) WHERE source_kind = 'replica';
CREATE INDEX log_lines_container_order_idx ON log_lines (container_id, id) WHERE source_kind = 'replica';
