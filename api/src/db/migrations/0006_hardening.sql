ALTER TABLE "changes" ADD COLUMN "tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "changes_user_tx_seq_idx" ON "changes" USING btree ("user_id","tx","seq");--> statement-breakpoint
-- The credit ledger is append-only: a correction is a new row, never an edit or a removal.
CREATE OR REPLACE FUNCTION refuse_ledger_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger
  FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();
