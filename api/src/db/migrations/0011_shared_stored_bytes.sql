CREATE TABLE "stored_blobs" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_blobs_sha256_idx" ON "stored_blobs" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "ticket_files_storage_key_idx" ON "ticket_files" USING btree ("storage_key");--> statement-breakpoint
-- Files stored before this migration: each key is its own blob (docs/decisions/062-shared-stored-bytes.md).
INSERT INTO "stored_blobs" ("storage_key", "sha256", "size", "created_at")
  SELECT DISTINCT ON ("storage_key") "storage_key", "sha256", "size", "created_at"
  FROM "ticket_files" ORDER BY "storage_key", "created_at"
  ON CONFLICT ("storage_key") DO NOTHING;
--> statement-breakpoint
-- Every ticket file's bytes are a blob, whatever code path stored them.
CREATE OR REPLACE FUNCTION register_stored_blob() RETURNS trigger AS $$
BEGIN
  INSERT INTO stored_blobs (storage_key, sha256, size) VALUES (NEW.storage_key, NEW.sha256, NEW.size)
    ON CONFLICT (storage_key) DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ticket_files_register_blob AFTER INSERT ON ticket_files
  FOR EACH ROW EXECUTE FUNCTION register_stored_blob();
