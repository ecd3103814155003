-- Server performance (docs/decisions/030-hot-reads.md, docs/benchmarks.md). Each section below is owned by one part of the work.
-- == sync: the change feed ==
-- The feed records only what a device can see, and a user's bookkeeping bumps (a ticket's
-- counter, a balance) do not pile up one row per ticket (docs/decisions/028-sync-speed.md).
-- A device needs only the latest change of a row: the loaders send current state.
CREATE INDEX IF NOT EXISTS changes_user_rows_idx ON changes (user_id) WHERE entity = 'user';
--> statement-breakpoint
-- An update that moved only the totals the app keeps on the account (files submitted, credits,
-- money spent, with updated_at) replaces the user's earlier feed rows instead of adding one.
-- Safe without a resync: the new row comes after every position a device could hold before
-- this transaction ends, and carries the row's current state. Rows locked by another writer
-- (the pruning job) are left; an extra row costs nothing but a line.
CREATE OR REPLACE FUNCTION record_user_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.first_name, OLD.last_name, OLD.email, OLD.address, OLD.country,
      OLD.city, OLD.postal_code, OLD.role, OLD.per_credit_price_pence, OLD.created_at,
      OLD.on_boarded, OLD.email_verified, OLD.disabled)
    IS NOT DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email, NEW.address, NEW.country,
      NEW.city, NEW.postal_code, NEW.role, NEW.per_credit_price_pence, NEW.created_at,
      NEW.on_boarded, NEW.email_verified, NEW.disabled) THEN
    DELETE FROM changes WHERE seq IN (
      SELECT seq FROM changes
      WHERE user_id = NEW.id AND entity = 'user' AND entity_id = NEW.id
      FOR UPDATE SKIP LOCKED);
  END IF;
  INSERT INTO changes (user_id, entity, entity_id) VALUES (NEW.id, 'user', NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_record_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_record_change AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION record_user_change();
--> statement-breakpoint
-- Exactly the columns toUserDto (api/src/accounts/user-dto.ts) shows: better-auth's name and
-- image, or deleted_at, change nothing a device holds.
CREATE TRIGGER users_record_visible_change AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name, OLD.email, OLD.address, OLD.country,
      OLD.city, OLD.postal_code, OLD.role, OLD.credits, OLD.per_credit_price_pence,
      OLD.total_money_spent_pence, OLD.total_files_submitted, OLD.created_at, OLD.updated_at,
      OLD.on_boarded, OLD.email_verified, OLD.disabled)
    IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email, NEW.address, NEW.country,
      NEW.city, NEW.postal_code, NEW.role, NEW.credits, NEW.per_credit_price_pence,
      NEW.total_money_spent_pence, NEW.total_files_submitted, NEW.created_at, NEW.updated_at,
      NEW.on_boarded, NEW.email_verified, NEW.disabled))
  EXECUTE FUNCTION record_user_change();
--> statement-breakpoint
-- Tickets and payments: an update that changes nothing writes no change.
DROP TRIGGER IF EXISTS tickets_record_change ON tickets;
--> statement-breakpoint
CREATE TRIGGER tickets_record_change AFTER INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION record_owned_change('ticket');
--> statement-breakpoint
CREATE TRIGGER tickets_record_visible_change AFTER UPDATE ON tickets
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION record_owned_change('ticket');
--> statement-breakpoint
DROP TRIGGER IF EXISTS payments_record_change ON payments;
--> statement-breakpoint
CREATE TRIGGER payments_record_change AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION record_owned_change('transaction');
--> statement-breakpoint
CREATE TRIGGER payments_record_visible_change AFTER UPDATE ON payments
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION record_owned_change('transaction');
--> statement-breakpoint
-- == end sync ==
-- == uploads ==
SELECT 1;
-- == end uploads ==
--> statement-breakpoint
-- == hot reads ==
-- My Files pages by ticket number within one customer's tickets (api/src/tickets/ticket-json.ts).
CREATE INDEX IF NOT EXISTS tickets_user_number_idx ON tickets (user_id, ticket_number);
-- == end hot reads ==
