-- TRUNCATE fires no row trigger, so audit_log_no_change let it empty the audit log: a statement-level
-- trigger refuses it too, for every role, the table's owner included.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- Only the owner (the migrate role, deploy/postgres-roles.sql) may hold more than SELECT and INSERT on
-- it: default privileges that gave the app role UPDATE and DELETE on every new table are taken back.
DO $$
DECLARE
  grantee_name text;
BEGIN
  FOR grantee_name IN
    SELECT DISTINCT r.rolname
    FROM pg_class c CROSS JOIN LATERAL aclexplode(c.relacl) a JOIN pg_roles r ON r.oid = a.grantee
    WHERE c.oid = 'audit_log'::regclass AND a.grantee <> c.relowner
      AND a.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER')
  LOOP
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON "audit_log" FROM %I', grantee_name);
  END LOOP;
END $$;
