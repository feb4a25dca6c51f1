-- The simulated runtime asks several times a second whether a container step is due.
CREATE INDEX simulated_containers_due_idx ON simulated_containers (next_step_at);
