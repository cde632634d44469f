CREATE TABLE "referee_emails" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"referred_at" timestamp with time zone DEFAULT now() NOT NULL
);
