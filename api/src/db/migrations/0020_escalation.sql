CREATE TABLE "ticket_escalations" (
	"ticket_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"stage" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_escalations_ticket_id_reason_stage_since_pk" PRIMARY KEY("ticket_id","reason","stage","since")
);
--> statement-breakpoint
ALTER TABLE "ticket_escalations" ADD CONSTRAINT "ticket_escalations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;