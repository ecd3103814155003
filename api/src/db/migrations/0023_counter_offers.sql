CREATE TABLE "ticket_counter_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"options" jsonb NOT NULL,
	"message" text NOT NULL,
	"price_difference" integer NOT NULL,
	"proposed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answer" text,
	CONSTRAINT "ticket_counter_offers_answer" CHECK ("ticket_counter_offers"."answer" is null or "ticket_counter_offers"."answer" in ('accepted', 'declined')),
	CONSTRAINT "ticket_counter_offers_answered" CHECK (("ticket_counter_offers"."answer" is null) = ("ticket_counter_offers"."answered_at" is null))
);
--> statement-breakpoint
ALTER TABLE "ticket_counter_offers" ADD CONSTRAINT "ticket_counter_offers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_counter_offers" ADD CONSTRAINT "ticket_counter_offers_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_counter_offers_ticket_id_idx" ON "ticket_counter_offers" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_counter_offers_open_idx" ON "ticket_counter_offers" USING btree ("ticket_id") WHERE "ticket_counter_offers"."answer" is null;