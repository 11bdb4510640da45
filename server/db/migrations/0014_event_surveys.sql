CREATE TABLE "event_survey_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"survey_id" text NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_survey_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"survey_id" text NOT NULL,
	"group_id" text NOT NULL,
	"type" text NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"hint_en" text DEFAULT '' NOT NULL,
	"hint_zh" text DEFAULT '' NOT NULL,
	"required" boolean NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_choices" integer,
	"max_choices" integer,
	"max_length" integer,
	"sort" integer NOT NULL,
	CONSTRAINT "event_survey_questions_type" CHECK ("event_survey_questions"."type" in ('Aroma', 'Checkbox', 'Radio', 'FiveSenses', 'TasteNote', 'Text'))
);
--> statement-breakpoint
CREATE TABLE "event_survey_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"survey_id" text NOT NULL,
	"variance_id" text NOT NULL,
	"user_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_survey_submissions_once" UNIQUE("survey_id","variance_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_surveys" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"product_id" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_survey_groups" ADD CONSTRAINT "event_survey_groups_survey_id_event_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."event_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_survey_questions" ADD CONSTRAINT "event_survey_questions_survey_id_event_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."event_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_survey_questions" ADD CONSTRAINT "event_survey_questions_group_id_event_survey_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."event_survey_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_survey_submissions" ADD CONSTRAINT "event_survey_submissions_survey_id_event_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."event_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_survey_submissions" ADD CONSTRAINT "event_survey_submissions_variance_id_event_variances_id_fk" FOREIGN KEY ("variance_id") REFERENCES "public"."event_variances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_survey_submissions" ADD CONSTRAINT "event_survey_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_surveys" ADD CONSTRAINT "event_surveys_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_surveys" ADD CONSTRAINT "event_surveys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_survey_groups_survey_idx" ON "event_survey_groups" USING btree ("survey_id","sort");--> statement-breakpoint
CREATE INDEX "event_survey_questions_survey_idx" ON "event_survey_questions" USING btree ("survey_id","sort");--> statement-breakpoint
CREATE INDEX "event_survey_submissions_session_idx" ON "event_survey_submissions" USING btree ("survey_id","variance_id","submitted_at");--> statement-breakpoint
CREATE INDEX "event_surveys_event_idx" ON "event_surveys" USING btree ("event_id","sort");