ALTER TYPE "public"."exclusion_scope" ADD VALUE 'portada-cada-hora';--> statement-breakpoint
ALTER TYPE "public"."exclusion_scope" ADD VALUE 'fuentes-cada-hora';--> statement-breakpoint
ALTER TYPE "public"."exclusion_scope" ADD VALUE 'sin-lectura-de-articulos';