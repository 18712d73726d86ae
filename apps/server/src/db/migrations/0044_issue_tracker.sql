CREATE TABLE "tracker_issues" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"page_url" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"reporter_id" uuid,
	"assignee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_issues_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "tracker_issue_comments" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"author_id" uuid,
	"author_kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_issue_comments_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "tracker_issues" ADD CONSTRAINT "tracker_issues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_issue_comments" ADD CONSTRAINT "tracker_issue_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_issue_comments" ADD CONSTRAINT "tracker_issue_comments_company_id_issue_id_tracker_issues_company_id_id_fk" FOREIGN KEY ("company_id","issue_id") REFERENCES "public"."tracker_issues"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_issues_list_idx" ON "tracker_issues" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "tracker_issues_updated_idx" ON "tracker_issues" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "tracker_issue_comments_issue_idx" ON "tracker_issue_comments" USING btree ("company_id","issue_id","created_at");
