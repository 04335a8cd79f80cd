-- Written by hand (drizzle cannot declare functions or triggers): the database itself announces every change of
-- what the storefront keeps (products, their skus, categories, brands, campaigns) on the channel every instance
-- of the shop listens on, whatever wrote it: a route, a job, the seed, an import, psql. NOTIFY is delivered at
-- commit (nobody hears of a change before it can be read) and a transaction sends identical messages once.
-- Statement triggers: a bulk write sends one message, not one per row; past 1,000 products, or 7,000 bytes
-- (NOTIFY carries at most 8,000), it says "everything" instead (server/db/catalogue-changes.ts reads it).
CREATE FUNCTION "catalogue_announce"("products" integer[], "listings" boolean, "refs" boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  payload text := json_strip_nulls(json_build_object(
    'products', "products", 'listings', nullif("listings", false), 'refs', nullif("refs", false)))::text;
BEGIN
  IF cardinality("products") > 1000 OR octet_length(payload) > 7000 THEN
    payload := '{"all":true}';
  END IF;
  PERFORM pg_notify('haat_catalogue', payload);
END $$;--> statement-breakpoint
-- A product's rows: its JSON and its place in the listings. A change of the sold count alone (every order makes
-- one) leaves the kept listing pages as they are, as it always has: only the product's own answer and its row in
-- the facet index follow it.
CREATE FUNCTION "products_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  listings boolean := true;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id ORDER BY id) INTO ids FROM (SELECT id FROM new_rows LIMIT 1001) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id ORDER BY id) INTO ids FROM (SELECT id FROM old_rows LIMIT 1001) touched;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(id ORDER BY id) INTO ids
      FROM (SELECT id FROM new_rows UNION SELECT id FROM old_rows LIMIT 1001) touched;
    IF cardinality(ids) <= 1000 THEN
      listings := EXISTS (SELECT to_jsonb(n) - 'sold_count' FROM new_rows n
                          EXCEPT SELECT to_jsonb(o) - 'sold_count' FROM old_rows o);
    END IF;
  ELSE
    PERFORM pg_notify('haat_catalogue', '{"all":true}');
    RETURN NULL;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM catalogue_announce(ids, listings, false);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A sku's rows are in its product's answer alone: the cards and listings read the product's row, which the
-- writers of skus bring in line themselves (and its own trigger announces).
CREATE FUNCTION "skus_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(product_id ORDER BY product_id) INTO ids
      FROM (SELECT DISTINCT product_id FROM new_rows LIMIT 1001) touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(product_id ORDER BY product_id) INTO ids
      FROM (SELECT DISTINCT product_id FROM old_rows LIMIT 1001) touched;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(product_id ORDER BY product_id) INTO ids
      FROM (SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows LIMIT 1001) touched;
  ELSE
    PERFORM pg_notify('haat_catalogue', '{"all":true}');
    RETURN NULL;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM catalogue_announce(ids, false, false);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Categories, brands and campaigns name the filters, menus and products of every page: the kept ones all go,
-- when some row really changed (a statement that touched no row, or wrote the same values, announces nothing).
CREATE FUNCTION "refs_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean := true;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    changed := EXISTS (SELECT to_jsonb(n) FROM new_rows n EXCEPT SELECT to_jsonb(o) FROM old_rows o);
  END IF;
  IF changed THEN
    PERFORM catalogue_announce(NULL, true, true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_inserted_announced" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_announce();--> statement-breakpoint
CREATE TRIGGER "products_updated_announced" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_announce();--> statement-breakpoint
CREATE TRIGGER "products_deleted_announced" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_announce();--> statement-breakpoint
CREATE TRIGGER "products_truncated_announced" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION products_announce();--> statement-breakpoint
CREATE TRIGGER "skus_inserted_announced" AFTER INSERT ON "skus" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION skus_announce();--> statement-breakpoint
CREATE TRIGGER "skus_updated_announced" AFTER UPDATE ON "skus" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION skus_announce();--> statement-breakpoint
CREATE TRIGGER "skus_deleted_announced" AFTER DELETE ON "skus" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION skus_announce();--> statement-breakpoint
CREATE TRIGGER "skus_truncated_announced" AFTER TRUNCATE ON "skus"
  FOR EACH STATEMENT EXECUTE FUNCTION skus_announce();--> statement-breakpoint
CREATE TRIGGER "categories_inserted_announced" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "categories_updated_announced" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "categories_deleted_announced" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "categories_truncated_announced" AFTER TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "brands_inserted_announced" AFTER INSERT ON "brands" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "brands_updated_announced" AFTER UPDATE ON "brands" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "brands_deleted_announced" AFTER DELETE ON "brands" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "brands_truncated_announced" AFTER TRUNCATE ON "brands"
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "campaigns_inserted_announced" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "campaigns_updated_announced" AFTER UPDATE ON "campaigns" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "campaigns_deleted_announced" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();--> statement-breakpoint
CREATE TRIGGER "campaigns_truncated_announced" AFTER TRUNCATE ON "campaigns"
  FOR EACH STATEMENT EXECUTE FUNCTION refs_announce();
