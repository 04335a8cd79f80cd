-- An import's products left as drafts because a web photo could not be fetched, and the warnings that say which.
ALTER TABLE "catalogue_imports" ADD COLUMN "drafts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "warning_count" integer DEFAULT 0 NOT NULL;