import { Migration } from '@mikro-orm/migrations';

/** Issue 26: an import's destination may be the network only (no column), and it counts who went there. */
export class Migration20261128041000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "imports" alter column "tier_id" drop not null;`);
    this.addSql(`alter table "imports" add column "to_network" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "imports" drop column "to_network";`);
    this.addSql(`update "imports" set "tier_id" = (select t.id from tiers t where t.user_id = imports.user_id order by t.position limit 1) where "tier_id" is null;`);
    this.addSql(`alter table "imports" alter column "tier_id" set not null;`);
  }

}
