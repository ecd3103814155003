CREATE TABLE "solutions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "solutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"maker" text,
	"family" text,
	"software_number" text NOT NULL,
	"hardware_number" text,
	"file_size" bigint NOT NULL,
	"stage" text,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"ranges" jsonb NOT NULL,
	"range_count" integer NOT NULL,
	"bytes_changed" integer NOT NULL,
	"includes_checksum" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"times_used" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_ticket_id" uuid,
	"source_ticket_number" integer,
	CONSTRAINT "solutions_state_check" CHECK ("solutions"."state" in ('draft', 'approved', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "ticket_solution_matches" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"skipped" text,
	"software_number" text,
	"covered" text[] DEFAULT '{}'::text[] NOT NULL,
	"remaining" text[] DEFAULT '{}'::text[] NOT NULL,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_source_ticket_id_tickets_id_fk" FOREIGN KEY ("source_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_solution_matches" ADD CONSTRAINT "ticket_solution_matches_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solutions_software_number_idx" ON "solutions" USING btree ("software_number" text_pattern_ops,"file_size");--> statement-breakpoint
CREATE UNIQUE INDEX "solutions_source_ticket_id_idx" ON "solutions" USING btree ("source_ticket_id");