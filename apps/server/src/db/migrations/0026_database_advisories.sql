-- Database advisories (issue 27). A cluster's advisor, when on, reads its databases' statistics and settings
-- once a day (the driver's advise()) and keeps what it found until the next analysis replaces it wholesale.
-- advisor_due_at: when the next analysis is due (null while the advisor is off); an analysis in progress moves
-- it an hour on (its lease: a copy of the server that died half-way leaves the cluster due again then), and a
-- finished one a day on. advisor_analysed_at: the last analysis (null: none yet, the advisor is `waiting`).
-- Turning the advisor off forgets both and the advisories.
ALTER TABLE database_clusters
  ADD COLUMN advisor_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN advisor_due_at timestamptz,
  ADD COLUMN advisor_analysed_at timestamptz;
CREATE INDEX database_clusters_advisor_due_idx ON database_clusters (advisor_due_at) WHERE advisor_enabled;

-- What the last analysis found: MissingIndex (a large table read mostly by sequential scans, in one of the
-- cluster's databases: database_name, as the customer names it) or SettingSuggestion (a server setting that
-- does not fit the cluster's plan; no database). identifier is stable from one analysis to the next
-- (missing-index:<db>.<schema>.<table>, setting:<name>); created_at is the analysis that found it.
CREATE TABLE database_cluster_advisories (
  id serial PRIMARY KEY,
  cluster_id integer NOT NULL REFERENCES database_clusters (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('MissingIndex', 'SettingSuggestion')),
  identifier text NOT NULL,
  message text NOT NULL,
  database_name text,
  created_at timestamptz NOT NULL,
  UNIQUE (cluster_id, identifier)
);
