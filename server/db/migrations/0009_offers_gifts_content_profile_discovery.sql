CREATE TABLE "content_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"language" text NOT NULL,
	"token" text NOT NULL,
	"title" text NOT NULL,
	"markdown" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text DEFAULT 'code' NOT NULL,
	"user_id" integer,
	"country" text,
	"currency" text,
	"value_percentage" double precision NOT NULL,
	"minimum_order_value" integer DEFAULT 0 NOT NULL,
	"payment_methods" jsonb,
	"validity" text NOT NULL,
	"first_purchase_only" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percentage" CHECK ("discount_codes"."value_percentage" > 0 and "discount_codes"."value_percentage" <= 100),
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('code', 'welcome', 'time_bonus')),
	CONSTRAINT "discount_codes_validity" CHECK ("discount_codes"."validity" in ('once_per_user', 'shared'))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"once_per_user" boolean NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swipe_likes" (
	"user_id" integer NOT NULL,
	"liked_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_likes_user_id_day_liked_id_pk" PRIMARY KEY("user_id","day","liked_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "hair_color" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "hair_color" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "eye_color" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "eye_color" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "body_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "body_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "relationship_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "relationship_status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "tattoos" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "tattoos" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "gift" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "grid_lat" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "grid_lon" double precision;--> statement-breakpoint
ALTER TABLE "content_blocks" ADD CONSTRAINT "content_blocks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_likes" ADD CONSTRAINT "swipe_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_likes" ADD CONSTRAINT "swipe_likes_liked_id_users_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_blocks_site_language_token" ON "content_blocks" USING btree ("site_id","language","token");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_site_code" ON "discount_codes" USING btree ("site_id",upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_once" ON "discount_redemptions" USING btree ("code_id","user_id") WHERE "discount_redemptions"."once_per_user" and "discount_redemptions"."consumed_at" is not null;--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_user" ON "discount_redemptions" USING btree ("code_id","user_id");