import { Migration } from '@mikro-orm/migrations';

export class Migration20261128005159 extends Migration {

  /**
   * The daily loop (issue 24): cadences, the stored follow-up date of every card, and the bell as a
   * view of it. The notifications table goes; what it knew is carried over first: the latest
   * interaction's next-contact date becomes the card's follow-up date (the old columns have no
   * cadence, so only explicit dates count), and its notification's `viewed` and reminder carry over
   * for that date. Earlier interactions' notifications are resolved, as the rule says.
   */
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "daily_goal" smallint not null default 3, add column "open_on" text not null default 'board';`);

    this.addSql(`alter table "tiers" add column "cadence_days" int null;`);
    this.addSql(`alter table "tiers" add constraint tiers_cadence_days_check check(cadence_days >= 1 and cadence_days <= 365);`);

    this.addSql(`alter table "contacts" add column "cadence_days" int null, add column "column_entered_on" date not null default current_date, add column "scheduled_on" date null, add column "scheduled_at" timestamptz null, add column "last_contacted_on" date null, add column "next_follow_up_on" date null, add column "follow_up_viewed_on" date null, add column "follow_up_reminded_on" date null;`);
    this.addSql(`alter table "contacts" add constraint contacts_cadence_days_check check(cadence_days >= 1 and cadence_days <= 365);`);

    this.addSql(`alter table "interactions" add column "next_contact_set_at" timestamptz not null default now();`);

    // A card entered its column when it was made, as a day of its owner's calendar.
    this.addSql(`update "contacts" c set "column_entered_on" = (c."created_at" at time zone u."time_zone")::date
      from "users" u where u."id" = c."user_id";`);
    // An interaction's next-contact date was last set when it was last saved.
    this.addSql(`update "interactions" set "next_contact_set_at" = "updated_at";`);
    // Last contact and follow-up date from each card's latest interaction, with its notification's state.
    this.addSql(`update "contacts" c set "last_contacted_on" = l."date_contacted", "next_follow_up_on" = l."next_contact_date",
        "follow_up_viewed_on" = case when n."viewed" then n."date" end,
        "follow_up_reminded_on" = case when n."reminded_at" is not null then n."date" end
      from (select distinct on ("contact_id") "id", "contact_id", "date_contacted", "next_contact_date"
              from "interactions" order by "contact_id", "date_contacted" desc, "id" desc) l
      left join "notifications" n on n."interaction_id" = l."id" and n."date" = l."next_contact_date"
      where c."id" = l."contact_id";`);

    this.addSql(`drop table if exists "notifications" cascade;`);

    this.addSql(`create index "contacts_follow_up_pending_index" on "contacts" ("user_id", "next_follow_up_on") where "next_follow_up_on" is not null and "follow_up_reminded_on" is distinct from "next_follow_up_on" and "follow_up_viewed_on" is distinct from "next_follow_up_on";`);
    this.addSql(`create index "contacts_user_id_next_follow_up_on_index" on "contacts" ("user_id", "next_follow_up_on");`);
  }

  override async down(): Promise<void> {
    this.addSql(`create table "notifications" ("id" serial primary key, "user_id" int4 not null, "contact_id" int4 not null, "interaction_id" int4 not null, "date" date not null, "title" varchar(200) not null, "viewed" bool not null default false, "created_at" timestamptz(6) not null default now(), "updated_at" timestamptz(6) not null default now(), "reminded_at" timestamptz(6) null);`);
    this.addSql(`CREATE INDEX notifications_due_index ON public.notifications USING btree (user_id, date) WHERE ((NOT viewed) AND (reminded_at IS NULL));`);
    this.addSql(`alter table "notifications" add constraint "notifications_interaction_id_unique" unique ("interaction_id");`);
    this.addSql(`create index "notifications_user_id_date_index" on "notifications" ("user_id", "date");`);

    this.addSql(`alter table "notifications" add constraint "notifications_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_interaction_id_foreign" foreign key ("interaction_id") references "interactions" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`drop index "contacts_follow_up_pending_index";`);
    this.addSql(`drop index "contacts_user_id_next_follow_up_on_index";`);
    this.addSql(`alter table "contacts" drop constraint contacts_cadence_days_check;`);
    this.addSql(`alter table "contacts" drop column "cadence_days", drop column "column_entered_on", drop column "scheduled_on", drop column "scheduled_at", drop column "last_contacted_on", drop column "next_follow_up_on", drop column "follow_up_viewed_on", drop column "follow_up_reminded_on";`);

    this.addSql(`alter table "interactions" drop column "next_contact_set_at";`);

    this.addSql(`alter table "tiers" drop constraint tiers_cadence_days_check;`);
    this.addSql(`alter table "tiers" drop column "cadence_days";`);

    this.addSql(`alter table "users" drop column "daily_goal", drop column "open_on";`);
  }

}
