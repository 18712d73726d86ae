-- An email template and a document template may share a name (issue 38): each is picked from its
-- own list, so a name needs to be unique only among templates of its kind, per language.
ALTER TABLE "templates" DROP CONSTRAINT "templates_name_language";--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_type_name_language" UNIQUE("company_id","type","name","language");
