CREATE TABLE "cart_merges" (
	"user_id" integer NOT NULL,
	"merge_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_merges" ADD CONSTRAINT "cart_merges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_merges_user_merge" ON "cart_merges" USING btree ("user_id","merge_id");