CREATE TABLE "job_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
