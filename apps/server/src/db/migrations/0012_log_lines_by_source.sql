-- Log lines are read per source in the order they were written (the console-logs API: the newest or oldest
-- lines of a replica or run, a tail's catch-up after an id), whatever their stream: the index of 0002 put
-- the stream before the id, so those reads sorted. This one serves them straight from the index.
CREATE INDEX log_lines_source_order_idx ON log_lines (source_kind, source_id, id);
DROP INDEX log_lines_source_idx;
