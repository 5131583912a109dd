-- TRUNCATE fires no row trigger, so audit_log_no_change let it empty the audit log: a statement-level
-- trigger refuses it too, for every role, the table's owner included.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
