-- Every insert or update of a synced row writes one line to the change feed, in the same
-- transaction, so GET /api/sync can never miss a change whatever code path made it.
CREATE OR REPLACE FUNCTION record_user_change() RETURNS trigger AS $$
BEGIN
  INSERT INTO changes (user_id, entity, entity_id) VALUES (NEW.id, 'user', NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_owned_change() RETURNS trigger AS $$
BEGIN
  INSERT INTO changes (user_id, entity, entity_id) VALUES (NEW.user_id, TG_ARGV[0], NEW.id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_record_change AFTER INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION record_user_change();
--> statement-breakpoint
CREATE TRIGGER tickets_record_change AFTER INSERT OR UPDATE ON tickets
  FOR EACH ROW EXECUTE FUNCTION record_owned_change('ticket');
--> statement-breakpoint
CREATE TRIGGER payments_record_change AFTER INSERT OR UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION record_owned_change('transaction');
