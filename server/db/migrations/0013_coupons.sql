CREATE TABLE "coupon_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_code" text NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer,
	"phone" text NOT NULL,
	"discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"delivery_discount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit_per_customer" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "free_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "used_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_at" ON "coupon_uses" USING btree ("coupon_code","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_phone" ON "coupon_uses" USING btree ("coupon_code","phone");--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_user" ON "coupon_uses" USING btree ("coupon_code","user_id");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "coupon_uses" ("coupon_code", "order_id", "user_id", "phone", "discount", "at") SELECT "orders"."coupon_code", "orders"."id", "orders"."user_id", "orders"."phone", "orders"."coupon_discount", "orders"."created_at" FROM "orders" JOIN "coupons" ON "coupons"."code" = "orders"."coupon_code" WHERE "orders"."status" <> 'cancelled';--> statement-breakpoint
UPDATE "coupons" SET "used_count" = (SELECT count(*) FROM "coupon_uses" WHERE "coupon_uses"."coupon_code" = "coupons"."code");
