CREATE TABLE "settlement_sign_offs" (
	"day" date PRIMARY KEY NOT NULL,
	"signed_by" text NOT NULL,
	"signed_by_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL
);
