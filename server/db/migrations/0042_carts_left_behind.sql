-- Carts left behind (carts_left): one row per number a shopper gave, with the lines it last had, reminded once
-- by one pending job at a time (reminder_due_at).
CREATE TABLE "carts_left" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"lines" jsonb NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"language" text NOT NULL,
	"user_id" integer,
	"last_activity_at" timestamp with time zone NOT NULL,
	"reminder_due_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"reminded_by" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"recovered_order_id" integer,
	"opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_left_phone_unique" UNIQUE("phone"),
	CONSTRAINT "carts_left_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "carts_left" ADD CONSTRAINT "carts_left_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts_left" ADD CONSTRAINT "carts_left_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_left_activity" ON "carts_left" USING btree ("last_activity_at");