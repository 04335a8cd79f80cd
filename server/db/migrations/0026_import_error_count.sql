ALTER TABLE "catalogue_imports" ADD COLUMN "error_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand: an import keeps its first 1,000 errors and counts them all; earlier imports are brought to
-- the same shape, so that no status poll or report reads an unbounded list again.
UPDATE "catalogue_imports" SET "error_count" = jsonb_array_length("errors"),
  "errors" = jsonb_path_query_array("errors", '$[0 to 999]')
  WHERE jsonb_array_length("errors") > 0;
