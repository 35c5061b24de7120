-- The story fingerprint column is named for what it holds: a flag and token hashes.
ALTER TABLE "story_fingerprints" RENAME COLUMN "minhash" TO "token_hashes";
