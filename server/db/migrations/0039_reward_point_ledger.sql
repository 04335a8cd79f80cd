-- Reward points that can be spent: a ledger of every move (reward_point_moves), the balance on users.reward_points, an order's points spent (orders.points_used, points_discount); the points delivered orders earned so far become one move each, so no balance changes
CREATE TABLE "reward_point_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"order_id" integer,
	"staff_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_discount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reward_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_point_moves" ADD CONSTRAINT "reward_point_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_point_moves" ADD CONSTRAINT "reward_point_moves_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_point_moves" ADD CONSTRAINT "reward_point_moves_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_point_moves_user" ON "reward_point_moves" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "reward_point_moves_order" ON "reward_point_moves" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reward_points_not_negative" CHECK ("users"."reward_points" >= 0);--> statement-breakpoint
-- what the account page showed until now: 1 point per full TK 100 of the shopper's delivered orders
INSERT INTO "reward_point_moves" ("user_id", "kind", "points", "reason", "created_at")
SELECT "user_id", 'earned', floor(sum("total") / 100)::int, 'Delivered orders before the ledger', now()
FROM "orders" WHERE "status" = 'delivered' AND "user_id" IS NOT NULL
GROUP BY "user_id" HAVING floor(sum("total") / 100) > 0;--> statement-breakpoint
UPDATE "users" SET "reward_points" = "moves"."points"
FROM (SELECT "user_id", sum("points")::int AS "points" FROM "reward_point_moves" GROUP BY "user_id") AS "moves"
WHERE "users"."id" = "moves"."user_id";
