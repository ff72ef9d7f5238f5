CREATE TABLE "stored_cards" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"method" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_cards" ADD CONSTRAINT "stored_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;