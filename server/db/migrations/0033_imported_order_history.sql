-- A number's order history at the shop's previous platform, from its Shopify or WooCommerce export
-- (docs/customers-csv.md): one row per number and kind of export; a note the old shop kept, once.
CREATE TABLE "imported_order_history" (
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"total_spent" numeric(12, 2) DEFAULT 0 NOT NULL,
	"import_id" uuid NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_order_history_phone_source_pk" PRIMARY KEY("phone","source")
);
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD COLUMN "imported_from" text;--> statement-breakpoint
CREATE INDEX "imported_order_history_source" ON "imported_order_history" USING btree ("source","import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notes_imported" ON "customer_notes" USING btree ("customer_id","imported_from") WHERE "customer_notes"."imported_from" is not null;