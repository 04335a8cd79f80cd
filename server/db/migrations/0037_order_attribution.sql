-- Attribution: the landing each site order came from (orders.attribution, channel, medium, campaign) and landings counted by day and channel
CREATE TABLE "landing_counts" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"medium" text DEFAULT '' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"landings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "landing_counts_day_channel_medium_campaign_pk" PRIMARY KEY("day","channel","medium","campaign")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign" text;--> statement-breakpoint
CREATE INDEX "orders_channel_created" ON "orders" USING btree ("channel","created_at") WHERE "orders"."channel" is not null;