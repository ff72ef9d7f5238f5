CREATE TABLE "invoice_counters" (
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_site_id_kind_pk" PRIMARY KEY("site_id","kind")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"payment_id" uuid,
	"user_id" integer,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"net" integer NOT NULL,
	"vat_rate" double precision NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
ALTER TABLE "stored_cards" DROP CONSTRAINT "stored_cards_pkey";--> statement-breakpoint
ALTER TABLE "direct_debits" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_psp_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_instructions" jsonb;--> statement-breakpoint
ALTER TABLE "stored_cards" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_cards" ADD COLUMN "expiry_month" integer;--> statement-breakpoint
ALTER TABLE "stored_cards" ADD COLUMN "expiry_year" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bought_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_site_kind_number" ON "invoices" USING btree ("site_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_kind" ON "invoices" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_cards_user_token" ON "stored_cards" USING btree ("user_id","token");--> statement-breakpoint
-- The bought credits not spent yet, free ones spent first: at most the balance, at most what was bought and not refunded.
UPDATE "users" SET "bought_credits" = least("credits", greatest(0, coalesce((SELECT sum("delta") FROM "credit_ledger" l WHERE l."user_id" = "users"."id" AND l."reason" IN ('purchase', 'refund')), 0)));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "bought_credits_within" CHECK ("users"."bought_credits" >= 0 and "users"."bought_credits" <= "users"."credits");