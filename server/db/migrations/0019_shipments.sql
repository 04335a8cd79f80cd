CREATE TABLE "courier_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"division" text NOT NULL,
	"district" text NOT NULL,
	"area" text NOT NULL,
	"city_id" integer NOT NULL,
	"city_name" text NOT NULL,
	"zone_id" integer NOT NULL,
	"zone_name" text NOT NULL,
	"area_id" integer,
	"area_name" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"courier" text NOT NULL,
	"invoice" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"consignment_id" text,
	"tracking_code" text,
	"tracking_url" text,
	"status" text,
	"raw" text,
	"status_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"cod_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"fee" numeric(12, 2),
	"requests" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_places" ADD CONSTRAINT "courier_places_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_places_place" ON "courier_places" USING btree ("courier","division","district","area");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_courier_consignment" ON "shipments" USING btree ("courier","consignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_order" ON "shipments" USING btree ("order_id") WHERE "shipments"."state" <> 'failed';--> statement-breakpoint
CREATE INDEX "shipments_order" ON "shipments" USING btree ("order_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_courier_invoice" ON "shipments" USING btree ("courier","invoice");--> statement-breakpoint
CREATE INDEX "shipments_on_the_way" ON "shipments" USING btree ("checked_at") WHERE "shipments"."state" = 'booked' and "shipments"."status" not in ('delivered', 'returned', 'cancelled');