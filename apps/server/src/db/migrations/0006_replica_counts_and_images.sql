-- How many replicas the runtime aims for right now, as it reports it: the fixed count, or under autoscaling
-- what the autoscaler currently wants (within minimum..maximum). Null until the runtime has said; the API
-- then answers from the container's scaling.
ALTER TABLE containers ADD COLUMN desired_replicas integer;

-- The image each replica runs: during a rolling update the new replicas run the new image while the old ones
-- still run the previous one. Replicas that exist already run their container's current image.
ALTER TABLE container_replicas ADD COLUMN image text;
UPDATE container_replicas AS replica SET image = container.image
FROM containers AS container WHERE container.id = replica.container_id;
ALTER TABLE container_replicas ALTER COLUMN image SET NOT NULL;
