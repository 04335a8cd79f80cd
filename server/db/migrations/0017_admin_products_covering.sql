-- Written by hand (drizzle cannot declare INCLUDE): each order the back office's products list sorts by also
-- carries the columns its filters read (status, category path, campaigns, brand, stock), so a filtered page is
-- read off the sort's index alone, however the filter's products lie along that order.
DROP INDEX "products_admin_updated";--> statement-breakpoint
CREATE INDEX "products_admin_updated" ON "products" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","category_path","campaign_ids","brand_id","stock_quantity");--> statement-breakpoint
DROP INDEX "products_admin_stock";--> statement-breakpoint
CREATE INDEX "products_admin_stock" ON "products" USING btree ("stock_quantity","id") INCLUDE ("status","category_path","campaign_ids","brand_id");--> statement-breakpoint
DROP INDEX "products_admin_status";--> statement-breakpoint
CREATE INDEX "products_admin_status" ON "products" USING btree ("status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("category_path","campaign_ids","brand_id","stock_quantity");--> statement-breakpoint
DROP INDEX "products_admin_name";--> statement-breakpoint
CREATE INDEX "products_admin_name" ON "products" USING btree ("name","id") INCLUDE ("status","category_path","campaign_ids","brand_id","stock_quantity");--> statement-breakpoint
DROP INDEX "products_newest";--> statement-breakpoint
CREATE INDEX "products_newest" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","category_path","campaign_ids","brand_id","stock_quantity");--> statement-breakpoint
DROP INDEX "products_price";--> statement-breakpoint
CREATE INDEX "products_price" ON "products" USING btree ("discounted_price","id") INCLUDE ("status","category_path","campaign_ids","brand_id","stock_quantity");
