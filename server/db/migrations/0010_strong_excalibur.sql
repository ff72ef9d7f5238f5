CREATE TABLE "swipe_likes" (
	"user_id" integer NOT NULL,
	"liked_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_likes_user_id_day_liked_id_pk" PRIMARY KEY("user_id","day","liked_id")
);
--> statement-breakpoint
ALTER TABLE "swipe_likes" ADD CONSTRAINT "swipe_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_likes" ADD CONSTRAINT "swipe_likes_liked_id_users_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;