CREATE TABLE "canned_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canned_replies_title_length" CHECK (char_length("canned_replies"."title") between 1 and 80),
	CONSTRAINT "canned_replies_body_length" CHECK (char_length("canned_replies"."body") between 1 and 1500)
);
--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;