CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_session" text,
	"psp_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0 and "payments"."fee" >= 0 and "payments"."credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user" ON "payments" USING btree ("user_id","created_at");