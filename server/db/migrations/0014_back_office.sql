CREATE TABLE "fictional_claims" (
	"conversation_id" integer PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fictional_notes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_restrictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ground" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"complaint_id" integer,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	CONSTRAINT "member_restrictions_kind" CHECK ("member_restrictions"."kind" in ('warning', 'suspension', 'ban', 'photo_removed', 'text_removed'))
);
--> statement-breakpoint
CREATE TABLE "operator_replies" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"waited_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "outcome" text;--> statement-breakpoint
-- Photos uploaded before review existed count as reviewed; new ones wait for a moderator.
ALTER TABLE "photos" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "review_state" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "fictional_claims" ADD CONSTRAINT "fictional_claims_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fictional_claims" ADD CONSTRAINT "fictional_claims_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fictional_notes" ADD CONSTRAINT "fictional_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fictional_notes" ADD CONSTRAINT "fictional_notes_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_restrictions" ADD CONSTRAINT "member_restrictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_restrictions" ADD CONSTRAINT "member_restrictions_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_restrictions" ADD CONSTRAINT "member_restrictions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_replies" ADD CONSTRAINT "operator_replies_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_replies" ADD CONSTRAINT "operator_replies_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_replies" ADD CONSTRAINT "operator_replies_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_restrictions_user" ON "member_restrictions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "operator_replies_staff" ON "operator_replies" USING btree ("staff_id","created_at");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_handled_by_staff_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_open" ON "complaints" USING btree ("created_at") WHERE "complaints"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "photos_review" ON "photos" USING btree ("created_at") WHERE "photos"."review_state" = 'pending';--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_review_state" CHECK ("photos"."review_state" in ('pending', 'approved', 'rejected'));