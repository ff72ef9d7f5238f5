CREATE SEQUENCE "public"."sync_changes_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sync_changes" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"seq" bigint DEFAULT nextval('sync_changes_seq') NOT NULL,
	CONSTRAINT "sync_changes_user_id_kind_entity_id_pk" PRIMARY KEY("user_id","kind","entity_id"),
	CONSTRAINT "sync_changes_kind" CHECK ("sync_changes"."kind" in ('chat', 'message', 'like', 'liked_by', 'user'))
);
--> statement-breakpoint
ALTER TABLE "sync_changes" ADD CONSTRAINT "sync_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_changes_user_seq" ON "sync_changes" USING btree ("user_id","seq");