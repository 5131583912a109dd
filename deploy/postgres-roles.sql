-- The store's two PostgreSQL roles (docs/operations.md "Database roles"). Run it with psql as a
-- superuser (or the database's owner with CREATEROLE), connected to the store's database:
--
--   psql "postgres://postgres@db.example/store" -v ON_ERROR_STOP=1 \
--     -v migrate_role=store_migrate -v migrate_password='…' \
--     -v app_role=store_app -v app_password='…' \
--     -f deploy/postgres-roles.sql
--
-- - The migrate role owns the schema: the image's `migrate` step (MIGRATE_DATABASE_URL) creates and
--   alters the tables, triggers and functions.
-- - The app role is what `web` and `worker` connect as (DATABASE_URL): it reads and writes rows and
--   nothing else. It does not own a table, so it cannot drop the audit log's triggers, alter a table,
--   or truncate one; on audit_log it may only insert and read.
--
-- Safe to run again (a new password, after a restore, on a database migrated as another user): the
-- roles are created once and updated after, and everything in the store's schemas is handed to the
-- migrate role. psql, not the application, runs it: it needs a superuser, which the store never has.

\set ON_ERROR_STOP on

SELECT format('CREATE ROLE %I', :'migrate_role')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'migrate_role') \gexec
SELECT format('CREATE ROLE %I', :'app_role')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_role') \gexec
ALTER ROLE :"migrate_role" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD :'migrate_password';
ALTER ROLE :"app_role" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD :'app_password';

-- The database: both connect; the migrate role also creates schemas (Drizzle's own, `drizzle`) and
-- the trusted extension pg_trgm. Nobody else connects.
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database()) \gexec
SELECT format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO %I', current_database(), :'app_role') \gexec
SELECT format('GRANT CONNECT, CREATE, TEMPORARY ON DATABASE %I TO %I', current_database(), :'migrate_role') \gexec

-- The schemas and everything in them belong to the migrate role: on a database first migrated as
-- another user (compose's POSTGRES_USER, before these roles), ownership moves over. A table's
-- sequences (serial, identity) follow their table.
ALTER SCHEMA public OWNER TO :"migrate_role";
SELECT format('ALTER SCHEMA %I OWNER TO %I', nspname, :'migrate_role')
  FROM pg_namespace WHERE nspname = 'drizzle' \gexec
SELECT format('ALTER TABLE %I.%I OWNER TO %I', schemaname, tablename, :'migrate_role')
  FROM pg_tables WHERE schemaname IN ('public', 'drizzle') \gexec
SELECT format('ALTER SEQUENCE %I.%I OWNER TO %I', n.nspname, c.relname, :'migrate_role')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'S' AND n.nspname IN ('public', 'drizzle')
    AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')) \gexec
SELECT format('ALTER FUNCTION %s OWNER TO %I', p.oid::regprocedure, :'migrate_role')
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public'
    AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') \gexec
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- What the app does: rows in, out, changed and deleted, and the sequences behind them; the
-- migrations table read (web and worker wait for the migrate step by it).
GRANT USAGE ON SCHEMA public TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
SELECT format('GRANT USAGE ON SCHEMA drizzle TO %I', :'app_role')
  FROM pg_namespace WHERE nspname = 'drizzle' \gexec
SELECT format('GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO %I', :'app_role')
  FROM pg_namespace WHERE nspname = 'drizzle' \gexec

-- The tables and schemas later migrations create get the same rights: default privileges on what
-- the migrate role creates (the schema `drizzle` and its table too, on a new database). A new
-- audit_log would get UPDATE and DELETE from these; the migration that refuses TRUNCATE revokes
-- them from every role but its owner, and so does the line after.
ALTER DEFAULT PRIVILEGES FOR ROLE :"migrate_role" GRANT USAGE ON SCHEMAS TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"migrate_role" GRANT SELECT ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"migrate_role" IN SCHEMA public
  GRANT INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"migrate_role" IN SCHEMA public
  GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";

-- The audit log is append-only: the app inserts and reads it, nothing more.
SELECT format('REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON public.audit_log FROM %I', :'app_role')
  FROM pg_tables WHERE schemaname = 'public' AND tablename = 'audit_log' \gexec
