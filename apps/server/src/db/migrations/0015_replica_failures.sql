-- How many times a replica's command has exited since it was created: a rollout gives up on a replica that
-- keeps failing (the deploy fails), as Kubernetes reports a restart count and CrashLoopBackOff.
ALTER TABLE container_replicas ADD COLUMN failures integer NOT NULL DEFAULT 0;
