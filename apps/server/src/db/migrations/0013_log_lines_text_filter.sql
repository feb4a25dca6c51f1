-- The console-logs text filter (lower(line) LIKE '%text%', a case-insensitive substring) otherwise reads every
-- line of a source when few or none match: tens of milliseconds on a busy replica. A trigram index on
-- lower(line) finds the few candidate lines instead. It needs the pg_trgm extension: PGlite loads it
-- (db/client.ts), a PostgreSQL server has it in its contrib package, which a minimal server may lack and a
-- managed one may not allow. Without it the filter still works, by reading the source's lines; this
-- migration then creates nothing (a later migration can add the index once the extension is there).
DO $$
DECLARE
  trgm_schema name;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN undefined_file OR feature_not_supported OR insufficient_privilege THEN
    RAISE NOTICE 'pg_trgm is not available (%): log filters read their sources'' lines', SQLERRM;
  END;
  -- Where pg_trgm lives: an operator may have installed it in a schema of its own before.
  SELECT n.nspname INTO trgm_schema
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX log_lines_line_trgm_idx ON log_lines USING gin (lower(line) %I.gin_trgm_ops)',
                   trgm_schema);
  END IF;
END $$;
