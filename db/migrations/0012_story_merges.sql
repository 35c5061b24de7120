ALTER TABLE "stories" ADD COLUMN "merged_into" bigint;--> statement-breakpoint
-- Stored fingerprints were MinHash signatures; they are now token hashes (lib/analysis/fingerprint.ts). The old ones cannot be compared with the new, and they expire within 72 h anyway (STO-4).
DELETE FROM "story_fingerprints";
